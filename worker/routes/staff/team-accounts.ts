import * as z from 'zod/mini';
import { sameOriginJson } from '../../middleware/admin-session';
import { afterResponse } from '../../middleware/after-response';
import { staffMember } from '../../middleware/staff-access';
import { validate } from '../../middleware/validate';
import { studioDetails } from '../../services/outbox/notifications';
import { queueMessages } from '../../services/outbox/outbox';
import { sendSecurityNotice } from '../../services/staff/security-notices';
import { teamInvitationMessages } from '../../services/staff/staff-messages';
import { issueStaffToken } from '../../services/staff/staff-tokens';
import {
  addTeamMember,
  changeTeamMember,
  findTeamAccount,
  listTeamAccounts,
  resetSecondFactors,
  teamAccountMessages,
} from '../../services/staff/team-accounts';
import { emailAddress } from '../../shared/contact-schema';
import { roleLabels, staffRoles } from '../../shared/permissions';
import { lineOf } from '../../shared/plain-text';
import { sitePaths } from '../../shared/site-paths';
import { routeGroup } from '../route-group';

export const teamRouteMessages = {
  name: 'Please give the person’s name (at most 60 characters).',
  role: 'Please choose a role: owner, manager, reception or therapist.',
  active: 'Say whether the person is active: true or false.',
  change: 'Send a new role, whether the person is active, or both.',
  notInvited: 'This person has already chosen a password.',
  deactivated: 'This person is deactivated. Reactivate them first.',
} as const;

const role = () => z.enum(staffRoles, { error: teamRouteMessages.role });
const therapistId = () => z.optional(z.string().check(z.minLength(1), z.maxLength(64)));

const inviteBody = () =>
  z.object({
    name: lineOf(1, 60, teamRouteMessages.name),
    email: emailAddress(),
    role: role(),
    therapistId: therapistId(),
  });

const changeBody = () =>
  z
    .object({
      role: z.optional(role()),
      active: z.optional(z.boolean({ error: teamRouteMessages.active })),
      therapistId: therapistId(),
    })
    .check(z.refine((body) => body.role !== undefined || body.active !== undefined, teamRouteMessages.change));

/** Sends the person a new invitation link (their earlier one stops working). */
async function sendInvitation(
  c: Parameters<typeof staffMember>[0],
  member: { _id: string; name: string; email: string | null; role: keyof typeof roleLabels },
) {
  if (!member.email) return;
  const now = new Date();
  const { token, expiresAt } = await issueStaffToken(c.var.db, member._id, 'invitation', now);
  const studio = studioDetails(c.env);
  const invite = {
    name: member.name,
    invitedBy: staffMember(c).name,
    role: roleLabels[member.role].toLowerCase(),
    link: `${studio.siteUrl}${sitePaths.staffWelcome}?token=${token}`,
    expiresAt,
  };
  const messages = await teamInvitationMessages(member._id, member.email, invite, studio);
  afterResponse(c, queueMessages(c.var.db, c.env.MESSAGES, messages));
}

/** Owner only: the team's accounts, inviting a person, changing a role, deactivating. */
export const teamAccountRoutes = routeGroup()
  .get('/team', async (c) => c.json(await listTeamAccounts(c.var.db)))
  .post('/team', sameOriginJson, validate('json', inviteBody), async (c) => {
    const result = await addTeamMember(c.var.db, c.req.valid('json'));
    if (!result.ok) return c.json({ message: result.message }, result.status);
    const member = await findTeamAccount(c.var.db, result.id);
    if (!member) return c.json({ message: teamAccountMessages.notFound }, 404);
    await sendInvitation(c, member);
    return c.json(await findTeamAccount(c.var.db, result.id), 201);
  })
  .put('/team/:id', sameOriginJson, validate('json', changeBody), async (c) => {
    const id = c.req.param('id');
    const result = await changeTeamMember(c.var.db, id, c.req.valid('json'), new Date());
    if (!result.ok) return c.json({ message: result.message }, result.status);
    return c.json(await findTeamAccount(c.var.db, id));
  })
  .post('/team/:id/invitation', sameOriginJson, async (c) => {
    const member = await findTeamAccount(c.var.db, c.req.param('id'));
    if (!member) return c.json({ message: teamAccountMessages.notFound }, 404);
    if (!member.active) return c.json({ message: teamRouteMessages.deactivated }, 409);
    if (member.status !== 'invited') return c.json({ message: teamRouteMessages.notInvited }, 409);
    await sendInvitation(c, member);
    return c.json(await findTeamAccount(c.var.db, member._id));
  })
  .post('/team/:id/second-factor/reset', sameOriginJson, async (c) => {
    const id = c.req.param('id');
    const now = new Date();
    const result = await resetSecondFactors(c.var.db, id, now);
    if (!result.ok) return c.json({ message: result.message }, result.status);
    const event = { kind: 'factors-reset' as const, by: staffMember(c).name };
    const context = { at: now, address: c.req.header('CF-Connecting-IP') ?? null };
    afterResponse(c, sendSecurityNotice(c.env, c.var.db, id, event, context));
    return c.json(await findTeamAccount(c.var.db, id));
  });
