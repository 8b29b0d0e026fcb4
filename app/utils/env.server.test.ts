import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, test } from 'vitest'

import { ENV_VARIABLES, parseEnv } from './env.server'

const ROOT = path.resolve(import.meta.dirname, '../..')

describe('environment', () => {
	test('.env.example and the README name every variable the shop reads', () => {
		const example = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8')
		const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
		// NODE_ENV is set by the commands themselves (README, "Commands"), not by the operator's file.
		const operated = ENV_VARIABLES.filter((name) => name !== 'NODE_ENV')
		expect(operated.filter((name) => !new RegExp(`^${name}=`, 'm').test(example))).toEqual([])
		expect(operated.filter((name) => !readme.includes(`\`${name}\``))).toEqual([])
	})

	test('defaults match the operator contract', () => {
		const env = parseEnv({})
		expect(env.PORT).toBe(3000)
		expect(env.HOST).toBe('0.0.0.0')
		expect(env.DATABASE_PATH).toBe('./data/shop.db')
		expect(env.UPLOADS_DIR).toBe('./uploads')
		expect(env.APP_ORIGIN).toBe('http://localhost:3000')
		expect(env.TRUST_PROXY).toBe(0)
		expect(env.SESSION_SECRET.length).toBeGreaterThan(16)
	})

	test('APP_ORIGIN follows PORT and loses a trailing slash', () => {
		expect(parseEnv({ PORT: '8080' }).APP_ORIGIN).toBe('http://localhost:8080')
		expect(parseEnv({ APP_ORIGIN: 'https://shop.example/' }).APP_ORIGIN).toBe('https://shop.example')
	})

	test('forms are taken from APP_ORIGIN and ALLOWED_ORIGINS; without an APP_ORIGIN, from the loopback address too', () => {
		expect(parseEnv({ PORT: '8080' }).ALLOWED_ORIGINS).toEqual(['http://127.0.0.1:8080'])
		expect(parseEnv({ APP_ORIGIN: 'https://shop.example' }).ALLOWED_ORIGINS).toEqual([])
		expect(
			parseEnv({ APP_ORIGIN: 'https://shop.example', ALLOWED_ORIGINS: ' https://www.shop.example/, http://192.168.1.20:3000 ' })
				.ALLOWED_ORIGINS,
		).toEqual(['https://www.shop.example', 'http://192.168.1.20:3000'])
		// A list given replaces the loopback default; an origin is a scheme, a host and a port, nothing more.
		expect(parseEnv({ ALLOWED_ORIGINS: 'http://shop.lan' }).ALLOWED_ORIGINS).toEqual(['http://shop.lan'])
		for (const bad of [
			'shop.example',
			'ftp://shop.example',
			'https://shop.example/path',
			'https://user@shop.example',
			'https://shop.example?x=1',
			'https://',
		])
			expect(() => parseEnv({ ALLOWED_ORIGINS: bad }), bad).toThrow(/^ALLOWED_ORIGINS must be origins/)
	})

	test('production without SESSION_SECRET names the variable', () => {
		expect(() => parseEnv({ NODE_ENV: 'production', ADMIN_EMAIL: 'a@b.co' })).toThrow(/^SESSION_SECRET is required/)
	})

	test('production without ADMIN_EMAIL names the variable', () => {
		expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })).toThrow(/^ADMIN_EMAIL is required/)
	})

	test('bad values are named too', () => {
		expect(() => parseEnv({ PORT: 'abc' })).toThrow(/^PORT/)
		expect(() => parseEnv({ ADMIN_EMAIL: 'not-an-email' })).toThrow(/^ADMIN_EMAIL/)
		expect(() => parseEnv({ APP_ORIGIN: 'ftp://x' })).toThrow(/^APP_ORIGIN/)
		expect(() => parseEnv({ SESSION_SECRET: 'short' })).toThrow(/^SESSION_SECRET/)
		expect(() => parseEnv({ REPLICA_URL: 'http://bucket/db' })).toThrow(/^REPLICA_URL must be an s3:\/\//)
		expect(parseEnv({ REPLICA_URL: 's3://bucket/db' }).REPLICA_SYNC_INTERVAL_SECONDS).toBe(1)
	})

	test('a media bucket needs its keys, and a public media address needs the bucket', () => {
		const keys = { MEDIA_S3_ACCESS_KEY_ID: 'id', MEDIA_S3_SECRET_ACCESS_KEY: 'secret' }
		expect(() => parseEnv({ MEDIA_S3_BUCKET: 'shop-media' })).toThrow(
			/^MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY are required with MEDIA_S3_BUCKET/,
		)
		expect(() => parseEnv({ MEDIA_S3_BUCKET: 'Shop_Media', ...keys })).toThrow(/^MEDIA_S3_BUCKET must be a bucket name/)
		expect(() => parseEnv({ MEDIA_PUBLIC_URL: 'https://cdn.example.com' })).toThrow(/^MEDIA_PUBLIC_URL needs MEDIA_S3_BUCKET/)
		expect(() => parseEnv({ MEDIA_S3_BUCKET: 'shop-media', ...keys, MEDIA_PUBLIC_URL: 'https://cdn.example.com/?a=1' })).toThrow(
			/^MEDIA_PUBLIC_URL must be/,
		)
		const env = parseEnv({ MEDIA_S3_BUCKET: 'shop-media', ...keys, MEDIA_PUBLIC_URL: 'https://cdn.example.com/shop/' })
		expect(env.MEDIA_S3_REGION).toBe('us-east-1')
		expect(env.MEDIA_PUBLIC_URL).toBe('https://cdn.example.com/shop')
	})

	test('empty strings count as unset', () => {
		expect(parseEnv({ PORT: '', SMTP_URL: '' }).PORT).toBe(3000)
		expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: '', ADMIN_EMAIL: 'a@b.co' })).toThrow(/SESSION_SECRET/)
	})
})
