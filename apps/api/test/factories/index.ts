/**
 * Rows for API tests, and signed-in headers. Every factory writes directly (no booking rules) and
 * fills what it is not told: a club comes with a staff member, a place with its category, an
 * associate with a title of its own. Scenes (createBookingScene, createPortalScene) are a whole
 * club ready to book in; pngDeclaring makes an image for the upload limits. The app of a test file
 * comes from `build()` in ../helper.ts.
 */
export * from './staff';
export * from './club-rows';
export * from './portal';
export * from './png';
