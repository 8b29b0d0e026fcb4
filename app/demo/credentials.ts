// The demo's admin sign-in, printed by `npm run demo` and written in the README: public knowledge, so
// no real shop may ever run with this password (`npm start` refuses, every password form refuses it).
export const DEMO_ADMIN_EMAIL = 'admin@example.com'
export const DEMO_ADMIN_PASSWORD = 'silk-demo-2026'
