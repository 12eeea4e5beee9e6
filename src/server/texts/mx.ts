import { es } from "./es";
import type { ServerTexts } from "./types";

/** The Mexican variant: Spanish with its own words (delivery note -> Folio, client -> SKU, dock -> Bahía). */
export const mx: ServerTexts = {
  ...es,
  documents: {
    ...es.documents,
    code: "Folio",
    client: "SKU",
    dock: "Bahía",
    plate: "Placas",
    truck: "Camión",
  },
  checkInSms: {
    warehouse: "almacén",
    dock: "andén",
    office: "la oficina de la caseta",
    text: (code, place) => `Entrada registrada para el folio ${code}. Pase a ${place}.`,
  },
  taskListExcel: { ...es.taskListExcel, client: "SKU" },
  lineSheet: {
    ...es.lineSheet,
    columns: {
      ...es.lineSheet.columns,
      code: "Folio",
      client: "SKU",
      road: "Bahía",
      road_number: "Número de bahía",
      route_plate: "Placa de ruta",
      groupage: "Consolidado",
    },
  },
  carrierBookingMail: {
    ...es.carrierBookingMail,
    reference: "Folio",
    plate: "Placas",
    dock: "Andén",
    checkIn: "El día de llegada, registre su entrada desde el celular con el código QR adjunto:",
  },
};
