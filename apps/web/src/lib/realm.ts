/**
 * Which of the bundle's two apps a shared piece serves: the staff's back office or the members'
 * portal. Each has its own session, API client, data cache, texts and paths.
 */
export type Realm = 'backoffice' | 'portal';
