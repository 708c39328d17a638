/**
 * Query keys that more than one feature reads or refreshes (features do not import each other): the
 * administrator's communities list (every page: [communities, {...}]) and one community's panel.
 */
export const queryKeys = {
  communities: "communities",
  community: (id: number) => ["community", id] as const,
  /** getcompanydefined: the definitions with their uploaded documents (every screen that uploads or validates) */
  definedDocuments: "defined-documents",
  /** the colegio's documents pending validation */
  pendingValidation: "pending-validation",
} as const;
