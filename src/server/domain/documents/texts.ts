/**
 * Text of what the server writes for people (mail, labels, check lists) in the user's
 * language. The interface's catalogs are the client's; these few lines live here.
 */
export const DOCUMENT_LANGUAGES = ["en", "es", "pt", "mx"] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

export function languageOf(value: unknown): DocumentLanguage {
  return DOCUMENT_LANGUAGES.find((language) => language === value) ?? "en";
}

/** Accept-Language's first known tag (es-MX is the Mexican variant). */
export function languageFromHeader(header: string | undefined): DocumentLanguage {
  for (const part of (header ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase() ?? "";
    if (tag === "es-mx" || tag === "mx") return "mx";
    const base = tag.split("-")[0];
    if (base === "en" || base === "es" || base === "pt") return base;
  }
  return "en";
}

interface Texts {
  expedition: string;
  reception: string;
  code: string;
  client: string;
  destination: string;
  origin: string;
  dock: string;
  warehouse: string;
  bookedDate: string;
  actionDate: string;
  truck: string;
  plate: string;
  packages: string;
  weight: string;
  status: string;
  palletNotes: string;
  companyNotes: string;
  clientNotes: string;
  checkList: string;
  label: string;
  packingLines: string;
  material: string;
  reference: string;
  numberPackages: string;
  noPackingLines: string;
  checks: string[];
  checkedBy: string;
  signature: string;
  mailSubject: (kind: string, code: string) => string;
  mailBody: (kind: string, code: string, count: number) => string;
}

const en: Texts = {
  expedition: "Expedition",
  reception: "Reception",
  code: "Delivery note",
  client: "Client",
  destination: "Destination",
  origin: "Origin",
  dock: "Dock",
  warehouse: "Warehouse",
  bookedDate: "Booked date",
  actionDate: "Loading / discharge date",
  truck: "Truck",
  plate: "Plate",
  packages: "Packages",
  weight: "Weight",
  status: "Status",
  palletNotes: "Pallet notes",
  companyNotes: "Company notes",
  clientNotes: "Client notes",
  checkList: "Check list",
  label: "Label",
  packingLines: "Packing list",
  material: "Material",
  reference: "Reference",
  numberPackages: "Packages",
  noPackingLines: "No packing lines",
  checks: [
    "Documents checked",
    "Packages counted",
    "Pallets in good condition",
    "Load secured",
    "Truck and seal checked",
  ],
  checkedBy: "Checked by",
  signature: "Signature",
  mailSubject: (kind, code) => `${kind} ${code}: documents`,
  mailBody: (kind, code, count) =>
    `Attached: ${count} document${count === 1 ? "" : "s"} of ${kind.toLowerCase()} ${code}.`,
};

const es: Texts = {
  expedition: "Expedición",
  reception: "Recepción",
  code: "Albarán",
  client: "Cliente",
  destination: "Destino",
  origin: "Origen",
  dock: "Muelle",
  warehouse: "Almacén",
  bookedDate: "Fecha reservada",
  actionDate: "Fecha de carga / descarga",
  truck: "Camión",
  plate: "Matrícula",
  packages: "Bultos",
  weight: "Peso",
  status: "Estado",
  palletNotes: "Notas de palés",
  companyNotes: "Notas de la empresa",
  clientNotes: "Notas del cliente",
  checkList: "Lista de comprobación",
  label: "Etiqueta",
  packingLines: "Lista de embalaje",
  material: "Material",
  reference: "Referencia",
  numberPackages: "Bultos",
  noPackingLines: "Sin líneas de embalaje",
  checks: [
    "Documentación revisada",
    "Bultos contados",
    "Palés en buen estado",
    "Carga asegurada",
    "Camión y precinto revisados",
  ],
  checkedBy: "Revisado por",
  signature: "Firma",
  mailSubject: (kind, code) => `${kind} ${code}: documentos`,
  mailBody: (kind, code, count) =>
    `Adjuntos: ${count} documento${count === 1 ? "" : "s"} de la ${kind.toLowerCase()} ${code}.`,
};

const mx: Texts = {
  ...es,
  code: "Folio",
  client: "SKU",
  dock: "Bahía",
  plate: "Placas",
  truck: "Camión",
};

const pt: Texts = {
  expedition: "Expedição",
  reception: "Receção",
  code: "Guia de remessa",
  client: "Cliente",
  destination: "Destino",
  origin: "Origem",
  dock: "Cais",
  warehouse: "Armazém",
  bookedDate: "Data reservada",
  actionDate: "Data de carga / descarga",
  truck: "Camião",
  plate: "Matrícula",
  packages: "Volumes",
  weight: "Peso",
  status: "Estado",
  palletNotes: "Notas de paletes",
  companyNotes: "Notas da empresa",
  clientNotes: "Notas do cliente",
  checkList: "Lista de verificação",
  label: "Etiqueta",
  packingLines: "Lista de embalagem",
  material: "Material",
  reference: "Referência",
  numberPackages: "Volumes",
  noPackingLines: "Sem linhas de embalagem",
  checks: [
    "Documentação verificada",
    "Volumes contados",
    "Paletes em bom estado",
    "Carga segura",
    "Camião e selo verificados",
  ],
  checkedBy: "Verificado por",
  signature: "Assinatura",
  mailSubject: (kind, code) => `${kind} ${code}: documentos`,
  mailBody: (kind, code, count) =>
    `Em anexo: ${count} documento${count === 1 ? "" : "s"} da ${kind.toLowerCase()} ${code}.`,
};

export const TEXTS: Record<DocumentLanguage, Texts> = { en, es, pt, mx };
