/** Model lists and groups: `/api/models`, `/api/channel/models`, `/api/user/models`, `/api/group/`. */

/** An entry of GET /api/channel/models, shaped like OpenAI's model objects. */
export interface OpenAIModelObject {
  id: string;
  object: 'model';
  created: number;
  /** The channel type that offers it. */
  owned_by: string;
}

/** GET /api/models: channel type id (as a string key) → built-in model names. */
export type ChannelTypeModelMap = Record<string, string[]>;

/** GET /api/user/self/groups: the groups the caller may use. */
export type UserGroupMap = Record<string, { desc: string; ratio: number }>;

/** The description of the caller's own group when it is not one of UserUsableGroups. */
export const OWN_GROUP_DESC = '用户分组';
