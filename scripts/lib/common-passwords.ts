// The common-password list for the Worker, made at build time from zxcvbn-ts's (a maintained
// package, MIT): only the entries a password of the allowed length can meet, front-coded
// (worker/services/staff/common-password-list.ts). The Worker imports it as `virtual:common-passwords`.
import { dictionary } from '@zxcvbn-ts/language-common';
import type { Plugin } from 'vite';
import { packCommonPasswords } from '../../worker/services/staff/common-password-list.ts';

const MODULE_ID = 'virtual:common-passwords';
const RESOLVED_ID = `\0${MODULE_ID}`;

export function commonPasswordsModule(): Plugin {
  return {
    name: 'spa:common-passwords',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load: (id) =>
      id === RESOLVED_ID
        ? `export default ${JSON.stringify(packCommonPasswords(dictionary['passwords-common'] as string[]))};`
        : undefined,
  };
}
