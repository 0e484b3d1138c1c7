/** The instant the screenshot demo's clock starts at: a Friday lunchtime in Melbourne. */
export const DEMO_CLOCK = '2026-11-20T12:30:00+11:00';
