import * as activity from '../../contracts/activity';
import * as company from '../../contracts/company';
import * as conversation from '../../contracts/conversation';
import * as customerData from '../../contracts/customer-data';
import * as customers from '../../contracts/customers';
import * as dashboard from '../../contracts/dashboard';
import type { RequiredRole } from '../../contracts/roles';
import * as sales from '../../contracts/sales';
import * as services from '../../contracts/services';
import * as tasks from '../../contracts/tasks';
import { listMembersContract } from '../../contracts/team';
import * as whatsappSending from '../../contracts/whatsapp-sending';
import * as whatsappStatus from '../../contracts/whatsapp-status';

/** A call of the API as contracts/ declares it (and the least role it needs, issue 15). */
export type ContractCall = { method: string; url: string; minRole?: RequiredRole };

/** Whether a value exported by a contracts/ module is a call of the API. */
export const isContract = (value: unknown): value is ContractCall =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ContractCall).method === 'string' &&
  typeof (value as ContractCall).url === 'string' &&
  (value as ContractCall).url.startsWith('/api/');

/**
 * Every call of the sales workspace (issue 5), read from the contracts, so tests that walk them
 * cover a call added later without being edited.
 */
export const workspaceContracts: ContractCall[] = [
  ...[
    activity,
    company,
    conversation,
    customerData,
    customers,
    dashboard,
    sales,
    services,
    tasks,
    whatsappSending,
    whatsappStatus,
  ]
    .flatMap((module) => Object.values(module))
    .filter(isContract),
  // The team's member list (the rest of contracts/team.ts is the owner's settings and the invitee's).
  listMembersContract,
];
