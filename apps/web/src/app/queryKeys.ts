/**
 * Query keys that more than one feature reads or refreshes (features do not import each other): the
 * administrator's communities list (every page: [communities, {...}]) and one community's panel.
 */
export const queryKeys = {
  communities: "communities",
  community: (id: number) => ["community", id] as const,
} as const;
