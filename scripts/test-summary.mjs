// Prints the closing "N passed, N failed, N skipped" line from the unit and end-to-end reports and exits
// non-zero when anything failed (a stage that failed without a report counts as one failure).
// Every skipped test is named above it with its reason. Under CI a skipped test counts as failed, unless
// its reason is "needs <tool>" (tests/helpers/test-tools.ts) for a tool scripts/ensure-test-tools.sh could
// not install here (reports/missing-tools): a CI run passes only when it ran every test it could.
import fs from 'node:fs'

const failedStages = Number(process.argv[2] ?? 0)
const onCi = !['', '0', 'false'].includes(process.env.CI ?? '')
let passed = 0
let failed = 0
/** @type {{ title: string, reason: string | undefined }[]} */
const skipped = []

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null)

const unit = read('reports/unit.json')
if (unit) {
	passed += unit.numPassedTests ?? 0
	failed += unit.numFailedTests ?? 0
	for (const file of unit.testResults ?? []) {
		for (const test of file.assertionResults ?? []) {
			if (['skipped', 'pending', 'todo'].includes(test.status)) skipped.push({ title: test.fullName, reason: undefined })
		}
	}
}

const e2e = read('reports/e2e.json')
if (e2e?.stats) {
	passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0)
	failed += e2e.stats.unexpected ?? 0
	const visit = (suite, titles) => {
		for (const spec of suite.specs ?? []) {
			for (const test of spec.tests ?? []) {
				if (test.status !== 'skipped') continue
				const annotations = [...(test.annotations ?? []), ...(test.results ?? []).flatMap((result) => result.annotations ?? [])]
				const reason = annotations.find((a) => a.type === 'skip' || a.type === 'fixme')?.description
				skipped.push({ title: [...titles, spec.title].join(' › '), reason })
			}
		}
		for (const child of suite.suites ?? []) visit(child, [...titles, child.title])
	}
	for (const suite of e2e.suites ?? []) visit(suite, [suite.title])
}

const reported = failed
if (failedStages > 0 && reported === 0) failed += failedStages

const missingTools = fs.existsSync('reports/missing-tools')
	? fs.readFileSync('reports/missing-tools', 'utf8').split('\n').filter(Boolean)
	: []
const excused = ({ reason }) => missingTools.includes(/^needs ([\w-]+)/.exec(reason ?? '')?.[1] ?? '')
let excusedCount = 0
for (const test of skipped) {
	const why = test.reason ? ` (${test.reason})` : ' (no reason given)'
	if (!onCi) {
		console.log(`Skipped: ${test.title}${why}`)
	} else if (excused(test)) {
		console.log(`Skipped, as this machine could not be given the tool it needs: ${test.title}${why}`)
		excusedCount++
	} else {
		console.log(`✗ Skipped on CI though this machine can run it, counted as failed: ${test.title}${why}`)
		failed++
	}
}
const shownSkipped = onCi ? excusedCount : skipped.length

console.log(`${passed} passed, ${failed} failed${shownSkipped ? `, ${shownSkipped} skipped` : ''}`)
process.exit(failed > 0 || failedStages > 0 ? 1 : 0)
