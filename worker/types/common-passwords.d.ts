/**
 * The common-password list, packed by the build from zxcvbn-ts's (scripts/lib/common-passwords.ts,
 * worker/services/staff/common-password-list.ts): a module the Worker imports when someone chooses
 * a password. Null in the production build, whose list is a static asset (COMMON_PASSWORDS_ASSET).
 */
declare module 'virtual:common-passwords' {
  const packed: string | null;
  export default packed;
}
