/**
 * For sections below the first screen: the browser skips their style, layout and paint until they
 * come near the viewport (less main-thread work while a phone shows the first screen). The remembered
 * intrinsic size keeps the scrollbar steady; content stays in the page for find-in-page, screen
 * readers and anchors. Only for sections on the page's light background: while a section is skipped,
 * contrast checkers (axe, Lighthouse) cannot see its own background colour.
 */
export const BELOW_THE_FOLD = '[content-visibility:auto] [contain-intrinsic-size:auto_48rem]'
