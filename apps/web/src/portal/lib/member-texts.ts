import { portalMember } from '@/lib/i18n/pt/portal-member';
import { portalI18n } from './i18n';

/**
 * Adds the signed-in sections' texts to `portal` (deep merge, same keys as ever). Called at the top
 * of the signed-in layout's module, which every signed-in page loads and renders inside, so the
 * sign-in page's first load does not carry them. Calling it again changes nothing.
 */
export function registerMemberTexts() {
  portalI18n.addResourceBundle('pt', 'translation', { portal: portalMember }, true, true);
}
