import { type CommunityCellState, communityCellOf, type DefinitionDocuments } from "@coordina/domain";

/** Where the upload goes: one of the caller's communities, or every one (general definitions). */
export type UploadPlace = number | "all";

/** The address's `finca`: a community id, 'all', or nothing chosen yet. */
export function placeOf(value: string | null): UploadPlace | null {
  if (value === "all") return "all";
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** A definition the caller may upload at the place chosen, with what it holds there now. */
export interface UploadChoice {
  item: DefinitionDocuments;
  state: CommunityCellState;
}

/** Still to be done: nothing current there (missing, expired, or its expiry date owed). */
export const isPending = (choice: UploadChoice) => choice.state !== "current";

/**
 * The definitions offered at a place (spec 02 §6 'Upload origin by role': getcompanydefined answers only
 * those whose origin names the caller's party, `can_upload` where it may upload): in a community its
 * per-community ones, for 'all' the general ones (uploaded once, they count in every community). Those still
 * to be done come first, each group by name (as the server orders them).
 */
export function uploadChoices(data: readonly DefinitionDocuments[], place: UploadPlace): UploadChoice[] {
  const choices = data
    .filter((item) => item.can_upload && item.definition.assocfinca === (place !== "all"))
    .map((item) => ({ item, state: communityCellOf(item.definition.id, item.documents).state }));
  return [...choices.filter(isPending), ...choices.filter((choice) => !isPending(choice))];
}
