/**
 * The 18 regional flags of the master dashboard (spec 01 §2, §9: REGIONAL_FLAGS): Spain's 17 autonomous
 * communities and the national level (a colegio of national scope, such as a general council). A colegio
 * records its region; the master's list shows its flag and the dashboard lights the regions that have
 * an active colegio.
 */
export const REGIONS = [
  { code: "AN", name: "Andalucía" },
  { code: "AR", name: "Aragón" },
  { code: "AS", name: "Principado de Asturias" },
  { code: "IB", name: "Illes Balears" },
  { code: "CN", name: "Canarias" },
  { code: "CB", name: "Cantabria" },
  { code: "CL", name: "Castilla y León" },
  { code: "CM", name: "Castilla-La Mancha" },
  { code: "CT", name: "Cataluña" },
  { code: "VC", name: "Comunitat Valenciana" },
  { code: "EX", name: "Extremadura" },
  { code: "GA", name: "Galicia" },
  { code: "MD", name: "Comunidad de Madrid" },
  { code: "MC", name: "Región de Murcia" },
  { code: "NC", name: "Comunidad Foral de Navarra" },
  { code: "PV", name: "País Vasco" },
  { code: "RI", name: "La Rioja" },
  { code: "ES", name: "España (ámbito nacional)" },
] as const;

export type RegionCode = (typeof REGIONS)[number]["code"];
export const REGION_CODES = REGIONS.map((r) => r.code) as [RegionCode, ...RegionCode[]];

export function regionName(code: string | null | undefined): string | undefined {
  return REGIONS.find((r) => r.code === code)?.name;
}
