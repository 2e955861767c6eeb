/**
 * The common-password list, packed by the build from zxcvbn-ts's (scripts/lib/common-passwords.ts,
 * worker/services/staff/common-password-list.ts): a module the Worker imports when someone chooses a password.
 */
declare module 'virtual:common-passwords' {
  const packed: string;
  export default packed;
}
