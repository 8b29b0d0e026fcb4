// How long a client may take, shared by the HTTP server (server/listen.ts) and the app (server/app.ts).
// Phones on slow networks send a page request in well under a second; only the seller's uploads
// (a 50 MB video over a weak connection) need minutes, and only they get them.
export const TIMEOUTS = {
	/** Request headers must be complete within this (a client dripping headers is cut off). */
	headersMs: 15_000,
	/** A request body, except a signed-in upload's, must be complete within this. */
	bodyMs: 20_000,
	/** The ceiling for a signed-in upload's body. */
	uploadMs: 30 * 60_000,
	/**
	 * No byte read or written for this long closes the connection: a client that stops reading
	 * cannot hold a response. Longer than the dashboard stream's keep-alive (SERVER_LIMITS.sseKeepAliveMs).
	 */
	idleMs: 30_000,
	/** The same while a signed-in upload is received and processed (video conversion takes a while). */
	uploadIdleMs: 5 * 60_000,
	keepAliveMs: 5_000,
	/** How often Node checks the header and request deadlines. */
	checkIntervalMs: 1_000,
} as const
