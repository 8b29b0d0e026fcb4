// Prints the closing "N passed, N failed" line from the unit and end-to-end reports and exits non-zero
// when anything failed (a stage that failed without a report counts as one failure).
import fs from 'node:fs'

const failedStages = Number(process.argv[2] ?? 0)
let passed = 0
let failed = 0
let skipped = 0

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null)

const unit = read('reports/unit.json')
if (unit) {
	passed += unit.numPassedTests ?? 0
	failed += unit.numFailedTests ?? 0
	skipped += (unit.numPendingTests ?? 0) + (unit.numTodoTests ?? 0)
}
const e2e = read('reports/e2e.json')
if (e2e?.stats) {
	passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0)
	failed += e2e.stats.unexpected ?? 0
	skipped += e2e.stats.skipped ?? 0
}
const reported = failed
if (failedStages > 0 && reported === 0) failed += failedStages

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || failedStages > 0 ? 1 : 0)
