import { z } from 'zod'

import { LIMITS } from '~/constants'

import { isEmail } from './email'

// (?<!\/): only the first of trailing slashes starts a match, so the search stays linear.
const withoutTrailingSlashes = (url: string) => url.replace(/(?<!\/)\/+$/, '')

const DEV_SESSION_SECRET = 'dev-only-session-secret-not-for-production'

// A scheme, a host and an optional port: what a browser sends as Origin.
const ORIGIN = /^https?:\/\/[^\s/?#@]+\/?$/
const origins = (list: string) =>
	list
		.split(',')
		.map((origin) => origin.trim())
		.filter(Boolean)

const schema = z
	.object({
		NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
		PORT: z.coerce.number().int().min(0).max(65535).default(3000),
		HOST: z.string().min(1).default('0.0.0.0'),
		DATABASE_PATH: z.string().min(1).default('./data/shop.db'),
		UPLOADS_DIR: z.string().min(1).default('./uploads'),
		SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
		APP_ORIGIN: z
			.url()
			.refine((v) => /^https?:\/\//.test(v), 'must start with http:// or https://')
			.optional(),
		// Other addresses the shop is opened at, whose pages may post to it (docs/decisions/0026).
		ALLOWED_ORIGINS: z
			.string()
			.refine(
				(v) => origins(v).every((origin) => ORIGIN.test(origin) && URL.canParse(origin)),
				'must be origins (http:// or https://, a host and an optional port, no path) separated by commas',
			)
			.optional(),
		// The sign-in form's own rule: an address it refuses could never sign in.
		ADMIN_EMAIL: z.string().refine(isEmail, 'must be an email address').optional(),
		ADMIN_PASSWORD: z.string().min(LIMITS.passwordMinLength, `must be at least ${LIMITS.passwordMinLength} characters`).optional(),
		SMTP_URL: z.string().min(1).optional(),
		MAIL_FROM: z.string().min(1).optional(),
		TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
		MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(128),
		// Continuous replication of the database by Litestream (docs/decisions/0019-litestream-replication.md).
		REPLICA_URL: z
			.string()
			.refine((v) => /^(?:s3|sftp|abs|gcs):\/\/[^/]/.test(v), 'must be an s3://, sftp://, abs:// or gcs:// address')
			.optional(),
		REPLICA_ENDPOINT: z.url().optional(),
		REPLICA_REGION: z.string().min(1).optional(),
		REPLICA_ACCESS_KEY_ID: z.string().min(1).optional(),
		REPLICA_SECRET_ACCESS_KEY: z.string().min(1).optional(),
		REPLICA_SSH_KEY_PATH: z.string().min(1).optional(),
		REPLICA_SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(1),
		// A copy of every media file in an S3-compatible bucket (docs/decisions/0021-media-in-a-bucket.md).
		MEDIA_S3_BUCKET: z
			.string()
			.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)')
			.optional(),
		MEDIA_S3_ENDPOINT: z.url().optional(),
		MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
		MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
		MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
		MEDIA_PUBLIC_URL: z
			.url()
			.refine((v) => /^https?:\/\/[^/?#]+(?:\/[^?#]*)?$/.test(v), 'must be an http:// or https:// address without ? or #')
			.optional(),
		// A CDN in front of the shop, purged whenever public pages change (docs/decisions/0043-cdn-in-front.md).
		CLOUDFLARE_ZONE_ID: z
			.string()
			.regex(/^[\da-f]{32}$/, "must be the zone's ID (32 hexadecimal characters, on the zone's Overview page)")
			.optional(),
		CLOUDFLARE_API_TOKEN: z
			.string()
			.regex(/^[\w.-]{20,}$/, 'must be an API token (at least 20 letters, digits, dots, dashes or underscores)')
			.optional(),
		CLOUDFLARE_API_BASE: z
			.url()
			.refine((v) => /^https?:\/\/[^/?#]+(?:\/[^?#]*)?$/.test(v), 'must be an http:// or https:// address without ? or #')
			.default('https://api.cloudflare.com/client/v4'),
		CDN_PURGE_URL: z
			.url()
			.refine((v) => /^https?:\/\//.test(v), 'must start with http:// or https://')
			.optional(),
		CDN_PURGE_METHOD: z.enum(['BAN', 'PURGE']).default('BAN'),
	})
	.superRefine((env, ctx) => {
		if (!env.CLOUDFLARE_ZONE_ID !== !env.CLOUDFLARE_API_TOKEN) {
			ctx.addIssue({
				code: 'custom',
				path: [env.CLOUDFLARE_ZONE_ID ? 'CLOUDFLARE_API_TOKEN' : 'CLOUDFLARE_ZONE_ID'],
				message: 'is required with the other of CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN',
			})
		}
		if (env.MEDIA_S3_BUCKET && !(env.MEDIA_S3_ACCESS_KEY_ID && env.MEDIA_S3_SECRET_ACCESS_KEY)) {
			ctx.addIssue({
				code: 'custom',
				path: ['MEDIA_S3_ACCESS_KEY_ID'],
				message: 'and MEDIA_S3_SECRET_ACCESS_KEY are required with MEDIA_S3_BUCKET',
			})
		}
		if (env.MEDIA_PUBLIC_URL && !env.MEDIA_S3_BUCKET) {
			ctx.addIssue({ code: 'custom', path: ['MEDIA_PUBLIC_URL'], message: 'needs MEDIA_S3_BUCKET: it is where the bucket is served from' })
		}
	})
	.transform((env) => ({
		...env,
		SESSION_SECRET: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
		APP_ORIGIN: withoutTrailingSlashes(env.APP_ORIGIN ?? `http://localhost:${env.PORT}`),
		ALLOWED_ORIGINS: allowedOrigins(env),
		MAIL_FROM: env.MAIL_FROM ?? 'Shop <no-reply@localhost>',
		MEDIA_PUBLIC_URL: env.MEDIA_PUBLIC_URL && withoutTrailingSlashes(env.MEDIA_PUBLIC_URL),
		CLOUDFLARE_API_BASE: withoutTrailingSlashes(env.CLOUDFLARE_API_BASE),
	}))

/**
 * Without an APP_ORIGIN the shop is being tried on this machine, where a browser may name it by its
 * loopback address as well as by localhost; a shop with a public origin names any other itself.
 */
function allowedOrigins(env: { ALLOWED_ORIGINS?: string; APP_ORIGIN?: string; PORT: number }) {
	if (env.ALLOWED_ORIGINS !== undefined) return origins(env.ALLOWED_ORIGINS).map((origin) => new URL(origin).origin)
	return env.APP_ORIGIN ? [] : [`http://127.0.0.1:${env.PORT}`]
}

export type Env = z.output<typeof schema>

/** Every variable the shop reads, for the test that keeps `.env.example` and the README's table complete. */
export const ENV_VARIABLES = Object.keys(schema.in.shape)

export class EnvError extends Error {}

/** Empty strings count as unset, as they do in most process managers' env files. */
function clean(source: NodeJS.ProcessEnv) {
	return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
}

/**
 * Parses the environment. In production SESSION_SECRET and ADMIN_EMAIL are required;
 * the error message is one line naming the variable.
 */
export function parseEnv(source: NodeJS.ProcessEnv, options: { requireAdmin?: boolean } = {}): Env {
	const raw = clean(source)
	const production = raw.NODE_ENV === 'production'
	if (production && !raw.SESSION_SECRET) throw new EnvError('SESSION_SECRET is required when NODE_ENV=production')
	if ((production || options.requireAdmin) && !raw.ADMIN_EMAIL) {
		throw new EnvError('ADMIN_EMAIL is required to start the shop')
	}
	const result = schema.safeParse(raw)
	if (!result.success) {
		const issue = result.error.issues[0]!
		throw new EnvError(`${issue.path.join('.') || 'environment'} ${issue.message}`)
	}
	return result.data
}

let cached: Env | undefined

export function getEnv(): Env {
	cached ??= parseEnv(process.env)
	return cached
}

/** For tests and scripts that change process.env after the first read. */
export function resetEnvCache() {
	cached = undefined
}
