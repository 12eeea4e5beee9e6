import type { PublicLang } from "./public-lang";

/**
 * Words of the public pages, English and Spanish only (spec section 9: the public pages speak
 * en and es, chosen apart from the app's language), so they live here rather than in the
 * app's four Lingui catalogs, which the public pages do not load.
 */
export interface SiteCopy {
  nav: { product: string; features: string; digital: string; contact: string; clientArea: string };
  langLabel: string;
  slidesLabel: string;
  previous: string;
  next: string;
  slide: (n: number) => string;
  slides: { title: string; text: string }[];
  flyer: string;
  productTitle: string;
  productText: string[];
  featuresTitle: string;
  features: { icon: FeatureIcon; title: string; text: string }[];
  digitalTitle: string;
  digitalText: string;
  digitalPoints: string[];
  bannerTitle: string;
  bannerText: string;
  moreInfo: string;
  footer: { social: string; terms: string; privacy: string; contact: string; rights: string };
  meta: { title: string; description: string };
}

export type FeatureIcon =
  | "outbound"
  | "message"
  | "critical"
  | "chart"
  | "board"
  | "upload"
  | "clock"
  | "alert"
  | "tasks";

const en: SiteCopy = {
  nav: {
    product: "Product",
    features: "Features",
    digital: "Digitalization",
    contact: "Contact",
    clientArea: "Client area",
  },
  langLabel: "Language",
  slidesLabel: "Highlights",
  previous: "Previous message",
  next: "Next message",
  slide: (n) => `Message ${n} of 3`,
  slides: [
    {
      title: "Every truck, dock and load in one place",
      text: "Plan expeditions and receptions, book dock hours and follow each truck from the gate to departure.",
    },
    {
      title: "Drivers know where to go before they ask",
      text: "An SMS tells the carrier when a load is ready and which dock to use. Fewer calls, shorter queues.",
    },
    {
      title: "Keeps working when the network does not",
      text: "Tablets and kiosks on the yard keep their lists and queue changes offline, then send them once the connection returns.",
    },
  ],
  flyer: "Download the flyer (PDF)",
  productTitle: "Yard and dock management for logistics teams",
  productText: [
    "Yardline is a web application for warehouses, transport companies and the offices that plan them. Expeditions (outbound) and receptions (inbound) are planned on dock hours with a capacity you set, so no hour is booked twice over.",
    "Office staff, fork-lift drivers, gate guards and the client's own planners work on the same lines, each with the rights of their role, from a desktop, a tablet on the yard or a wall screen.",
  ],
  featuresTitle: "What it does every day",
  features: [
    {
      icon: "outbound",
      title: "Expeditions and receptions",
      text: "Online list of every load with status, reason, client notes and real-time updates.",
    },
    {
      icon: "message",
      title: "SMS to the carrier",
      text: "The driver receives the dock and the moment the load is ready.",
    },
    {
      icon: "critical",
      title: "Priority for emergencies",
      text: "Urgent receptions and critical production lines stand out for everyone.",
    },
    {
      icon: "clock",
      title: "Delay alerts",
      text: "Lines running late are flagged before the client calls.",
    },
    {
      icon: "board",
      title: "Day board and kiosks",
      text: "Wall screens rotate the day's lines, readable from five metres.",
    },
    {
      icon: "upload",
      title: "Photo gallery of incidents",
      text: "Attach photos and documents to a line to record damage or proof of delivery.",
    },
    {
      icon: "chart",
      title: "Statistics and export",
      text: "Charts of trucks, lines and incidences; export to Excel and CSV for reporting.",
    },
    {
      icon: "tasks",
      title: "Task list",
      text: "Hours and parts reviewed per task, user and client, exported to Excel.",
    },
    {
      icon: "alert",
      title: "Paperless labels and QR",
      text: "Labels, check lists and QR codes printed from the line, no retyping.",
    },
  ],
  digitalTitle: "Digitalization of the yard",
  digitalText:
    "Replace the whiteboard, the phone round and the spreadsheet by one shared record that supports decisions.",
  digitalPoints: [
    "Real-time status of each line for the office, the yard and the client",
    "History of every change: who, when, what",
    "Reports generated from the data you already enter",
    "Works on the devices you have: browser, tablet, wall screen",
  ],
  bannerTitle: "Would Yardline fit your yard?",
  bannerText:
    "Tell us how many docks and trucks a day you handle; we will show you with your own case.",
  moreInfo: "More info and a demo",
  footer: {
    social: "Follow us",
    terms: "Terms and conditions",
    privacy: "Privacy policy",
    contact: "Contact",
    rights: "All rights reserved.",
  },
  meta: {
    title: "Yardline · Yard and dock management for logistics",
    description:
      "Plan expeditions and receptions on dock hours, notify carriers by SMS, follow every truck in real time, even offline.",
  },
};

const es: SiteCopy = {
  nav: {
    product: "Producto",
    features: "Funciones",
    digital: "Digitalización",
    contact: "Contacto",
    clientArea: "Área de clientes",
  },
  langLabel: "Idioma",
  slidesLabel: "Destacados",
  previous: "Mensaje anterior",
  next: "Mensaje siguiente",
  slide: (n) => `Mensaje ${n} de 3`,
  slides: [
    {
      title: "Cada camión, muelle y carga en un solo lugar",
      text: "Planifique expediciones y recepciones, reserve horas de muelle y siga cada camión desde la puerta hasta la salida.",
    },
    {
      title: "El conductor sabe adónde ir antes de preguntar",
      text: "Un SMS avisa al transportista cuando la carga está lista y en qué muelle. Menos llamadas, colas más cortas.",
    },
    {
      title: "Sigue funcionando cuando la red no",
      text: "Las tabletas y los quioscos del patio conservan sus listas y guardan los cambios sin conexión, y los envían al volver la red.",
    },
  ],
  flyer: "Descargar el folleto (PDF)",
  productTitle: "Gestión de patio y muelles para equipos logísticos",
  productText: [
    "Yardline es una aplicación web para almacenes, empresas de transporte y las oficinas que los planifican. Las expediciones (salidas) y recepciones (entradas) se planifican en horas de muelle con la capacidad que usted fije, sin reservar dos veces la misma hora.",
    "Oficina, carretilleros, vigilantes y los propios planificadores del cliente trabajan sobre las mismas líneas, cada uno con los permisos de su rol, desde el ordenador, una tableta en el patio o una pantalla de pared.",
  ],
  featuresTitle: "Lo que hace cada día",
  features: [
    {
      icon: "outbound",
      title: "Expediciones y recepciones",
      text: "Lista en línea de cada carga con estado, motivo, notas del cliente y actualización en tiempo real.",
    },
    {
      icon: "message",
      title: "SMS al transportista",
      text: "El conductor recibe el muelle y el momento en que la carga está lista.",
    },
    {
      icon: "critical",
      title: "Prioridad a las urgencias",
      text: "Las recepciones urgentes y las líneas críticas de producción destacan para todos.",
    },
    {
      icon: "clock",
      title: "Alertas de retraso",
      text: "Las líneas que se retrasan se señalan antes de que llame el cliente.",
    },
    {
      icon: "board",
      title: "Panel del día y quioscos",
      text: "Las pantallas de pared rotan las líneas del día, legibles a cinco metros.",
    },
    {
      icon: "upload",
      title: "Galería de incidencias",
      text: "Adjunte fotos y documentos a una línea para registrar daños o pruebas de entrega.",
    },
    {
      icon: "chart",
      title: "Estadísticas y exportación",
      text: "Gráficos de camiones, líneas e incidencias; exportación a Excel y CSV.",
    },
    {
      icon: "tasks",
      title: "Lista de tareas",
      text: "Horas y piezas revisadas por tarea, usuario y cliente, exportadas a Excel.",
    },
    {
      icon: "alert",
      title: "Etiquetas sin papel y QR",
      text: "Etiquetas, listas de comprobación y códigos QR desde la línea, sin volver a teclear.",
    },
  ],
  digitalTitle: "Digitalización del patio",
  digitalText:
    "Sustituya la pizarra, la ronda de llamadas y la hoja de cálculo por un registro compartido que ayuda a decidir.",
  digitalPoints: [
    "Estado en tiempo real de cada línea para la oficina, el patio y el cliente",
    "Historial de cada cambio: quién, cuándo y qué",
    "Informes generados con los datos que ya introduce",
    "Funciona en los dispositivos que ya tiene: navegador, tableta, pantalla de pared",
  ],
  bannerTitle: "¿Encaja Yardline en su patio?",
  bannerText:
    "Cuéntenos cuántos muelles y camiones al día gestiona; se lo mostramos con su propio caso.",
  moreInfo: "Más información y demostración",
  footer: {
    social: "Síganos",
    terms: "Términos y condiciones",
    privacy: "Política de privacidad",
    contact: "Contacto",
    rights: "Todos los derechos reservados.",
  },
  meta: {
    title: "Yardline · Gestión de patio y muelles para la logística",
    description:
      "Planifique expediciones y recepciones en horas de muelle, avise al transportista por SMS y siga cada camión en tiempo real, incluso sin conexión.",
  },
};

export const SITE_COPY: Record<PublicLang, SiteCopy> = { en, es };
