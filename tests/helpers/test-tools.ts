import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

import { test } from '@playwright/test'

// Programs a few tests drive besides the shop, which scripts/ensure-test-tools.sh installs when it can
// (it checks them the same way). Without one such a test skips, giving the reason "needs <tool>"; under
// CI=1 scripts/test-summary.mjs counts every other skip as a failure, and this one too unless
// ensure-test-tools.sh listed the tool in reports/missing-tools as one it could not install.
/** Where Debian's package puts Varnish's daemon. */
export const VARNISHD = '/usr/sbin/varnishd'

const TOOLS = {
	java: {
		present: () => spawnSync('java', ['-version']).status === 0,
		why: 'the W3C Nu HTML checker runs on Java (Debian: default-jre-headless)',
	},
	script: {
		present: () => /util-linux/.test(spawnSync('script', ['--version'], { encoding: 'utf8' }).stdout ?? ''),
		why: "util-linux's script(1) gives the command a pseudo-terminal (Debian: bsdutils)",
	},
	varnishd: {
		present: () => fs.existsSync(VARNISHD),
		why: 'the CDN test puts Varnish in front of the shop (Debian: varnish)',
	},
}

/** Skips the calling test when the machine lacks `tool`, with the reason test-summary reads. */
export function skipWithout(tool: keyof typeof TOOLS) {
	test.skip(!TOOLS[tool].present(), `needs ${tool}: ${TOOLS[tool].why}`)
}
