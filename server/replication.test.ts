import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { describeReplication, litestreamConfig, parseLogLine, redactUrl } from './replication'

const base = { DATABASE_PATH: 'data/shop.db', REPLICA_SYNC_INTERVAL_SECONDS: 1 }

describe('litestreamConfig', () => {
	it('names the database by its absolute path and carries no credentials', () => {
		const config = JSON.parse(
			litestreamConfig({
				...base,
				REPLICA_URL: 's3://shop-backups/db',
				REPLICA_ENDPOINT: 'https://example-account.r2.example.com',
				REPLICA_REGION: 'auto',
				REPLICA_ACCESS_KEY_ID: 'AKIDEXAMPLE',
				REPLICA_SECRET_ACCESS_KEY: 'very-secret-key',
			}),
		)
		expect(config).toEqual({
			dbs: [
				{
					path: path.resolve('data/shop.db'),
					replicas: [
						{ url: 's3://shop-backups/db', 'sync-interval': '1s', endpoint: 'https://example-account.r2.example.com', region: 'auto' },
					],
				},
			],
		})
		expect(JSON.stringify(config)).not.toContain('very-secret-key')
	})

	it("is one line whatever its values hold: Litestream's guard reads exactly one", () => {
		const config = litestreamConfig({
			...base,
			REPLICA_URL: 'sftp://backup:pass\nword@host/srv/shop',
			REPLICA_SSH_KEY_PATH: 'keys/id\nrsa',
		})
		expect(config).not.toContain('\n')
		expect(JSON.parse(config).dbs[0].replicas[0].url).toBe('sftp://backup:pass\nword@host/srv/shop')
	})

	it('refuses to write a configuration without a replica', () => {
		expect(() => litestreamConfig(base)).toThrow('REPLICA_URL is not set')
	})
})

describe('parseLogLine', () => {
	it('reads level, message and error, quoted or not', () => {
		expect(
			parseLogLine(
				'time=2026-11-23T20:14:40.322Z level=ERROR msg="monitor error" db=/d/shop.db replica=sftp error="dial tcp 127.0.0.1:2298: connect: connection refused"',
			),
		).toEqual({ level: 'ERROR', msg: 'monitor error', error: 'dial tcp 127.0.0.1:2298: connect: connection refused' })
		expect(parseLogLine('time=x level=INFO msg=litestream version=v0.3.13')).toEqual({ level: 'INFO', msg: 'litestream', error: undefined })
		expect(parseLogLine('level=ERROR msg="a \\"quoted\\" word"')).toMatchObject({ msg: 'a "quoted" word' })
		expect(parseLogLine('not a log line')).toBeNull()
	})
})

describe('redactUrl', () => {
	it('drops a password from the address, and leaves other addresses alone', () => {
		expect(redactUrl('sftp://backup:hunter2@host:22/srv/shop')).toBe('sftp://backup@host:22/srv/shop')
		expect(redactUrl('s3://bucket/path')).toBe('s3://bucket/path')
	})
})

describe('describeReplication', () => {
	it('says nothing when no replica is configured', () => {
		expect(describeReplication()).toBeNull()
	})
})
