// Limits only the server reads (bodies, sessions, throttles, the live stream): kept out of the browser's
// scripts. The ones the browser also reads are LIMITS in constants.ts.
export const SERVER_LIMITS = {
	/** Non-upload request bodies. */
	maxFormBytes: 1024 * 1024,
	/**
	 * Bodies posted to /auth, which anyone may send: a few fields. The longest real one (a new password
	 * typed twice, as long as the form lets it be in a 4-byte script, percent-encoded) is about 12 KB.
	 */
	maxAuthFormBytes: 24 * 1024,
	sseKeepAliveMs: 25_000,
	sessionIdleDays: 7,
	sessionMaxDays: 30,
	/** Counted failures within the window after which a client address (IPv4, or an IPv6 /64) must wait. */
	throttleAttempts: 5,
	/** The same for a whole IPv6 /48 (a home or office may be given one and pick any /64 in it). */
	throttleNetworkAttempts: 20,
	throttleWindowMinutes: 15,
	/** Sign-in checks of browsers the shop does not know that may wait while one runs; more are told to come back. */
	signInWaiting: 4,
	/** Wrong tries a mailed sign-in code survives. */
	signInCodeTries: 5,
	/** How long a browser that signed in stays recognised for the sign-in throttle. */
	deviceCookieDays: 365,
	/** Open live-dashboard streams per session; a newer one closes the oldest. */
	sseStreamsPerSession: 3,
	/** How often an open stream checks that its session still lives (ends elsewhere are seen this late at most). */
	sseSessionCheckMs: 3_000,
} as const
