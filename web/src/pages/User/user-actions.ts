import { Role, type UserView } from '@gateway/contract';

export interface AllowedUserActions {
  promote: boolean;
  demote: boolean;
  /** Disable or enable, whichever the status calls for. */
  toggle: boolean;
  edit: boolean;
  delete: boolean;
}

const NONE: AllowedUserActions = { promote: false, demote: false, toggle: false, edit: false, delete: false };

/**
 * The actions the server would accept from `myRole` on `target` (the rules of POST /api/user/manage
 * and PUT /api/user/): an admin acts only on lower roles, the super admin on everyone; only the
 * super admin promotes; the super admin account is never disabled, demoted or deleted. Offering
 * nothing else keeps the console from showing a control that can only be refused.
 */
export function allowedUserActions(myRole: number, target: UserView): AllowedUserActions {
  if (target.DeletedAt !== null) return NONE;
  const outranks = myRole >= Role.Root || myRole > target.role;
  if (!outranks) return NONE;
  const targetIsRoot = target.role >= Role.Root;
  return {
    promote: myRole >= Role.Root && target.role < Role.Admin,
    demote: target.role >= Role.Admin && !targetIsRoot,
    toggle: !targetIsRoot,
    edit: true,
    delete: !targetIsRoot,
  };
}
