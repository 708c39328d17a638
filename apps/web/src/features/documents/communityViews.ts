import { type DefinitionDocuments, requirementIncludes } from "@coordina/domain";

/**
 * The administrator's document views of the community panel (spec 02 §2 'Routes of the community panel'),
 * besides `upload`: 'LOPD' (its LOPD-group upload boxes there and
 * the providers' LOPD documents), 'Documentos de la comunidad' (every document
 * that counts there) and 'Documentos para el administrador' (those whose destination includes it).
 */
export const COMMUNITY_DOCUMENT_VIEWS = ["lopd", "documentos", "documentosadmin"] as const;
export type CommunityDocumentView = (typeof COMMUNITY_DOCUMENT_VIEWS)[number];

/** Every definition of documents_fincas counts in 'Documentos de la comunidad'. */
export const everyDefinition = (_item: DefinitionDocuments): boolean => true;

/**
 * 'Documentos para el administrador': the definitions whose destination includes the administrator
 * (documents_fincas has no destination filter; its answer carries each definition's destination).
 */
export const forTheAdministrator = (item: DefinitionDocuments): boolean =>
  requirementIncludes(item.definition.requirement_dest, "administrator");

/**
 * 'LOPD', under the administrator's own upload boxes: the LOPD-group definitions providers upload (e.g. the
 * data processing contract), with the documents of the community's parties.
 */
export const providersLopd = (item: DefinitionDocuments): boolean =>
  item.definition.group === "LOPD" && requirementIncludes(item.definition.requirement_origin, "provider");
