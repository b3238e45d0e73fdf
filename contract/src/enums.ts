/** Roles, statuses and other numeric codes shared by server and console. */

export const Role = { Guest: 0, User: 1, Admin: 10, Root: 100 } as const;

export const UserStatus = { Enabled: 1, Disabled: 2 } as const;

export const ChannelStatus = { Unknown: 0, Enabled: 1, ManuallyDisabled: 2, AutoDisabled: 3 } as const;

export const TokenStatus = { Enabled: 1, Disabled: 2, Expired: 3, Exhausted: 4 } as const;

export const RedemptionStatus = { Unused: 1, Disabled: 2, Used: 3 } as const;

export const LogType = { Unknown: 0, Topup: 1, Consume: 2, Manage: 3, System: 4 } as const;
export type LogTypeValue = (typeof LogType)[keyof typeof LogType];

export const TopUpStatus = { Pending: 'pending', Success: 'success' } as const;

/** Page-size choices offered by every paged table of the console. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
