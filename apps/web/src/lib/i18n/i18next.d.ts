import 'i18next';
import type { PtResource } from './pt';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: PtResource };
  }
}
