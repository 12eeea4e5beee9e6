import type { PublicLang } from "./public-lang";

export interface ContactCopy {
  title: string;
  intro: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  comments: string;
  optional: string;
  accept: [string, string, string, string];
  send: string;
  /** Spec section 8: 'empty' naming the field. */
  empty: (field: string) => string;
  acceptTerms: string;
  success: string;
  tooMany: string;
  failed: string;
  honeypot: string;
  meta: { title: string; description: string };
}

export const CONTACT_COPY: Record<PublicLang, ContactCopy> = {
  en: {
    title: "Contact",
    intro:
      "Tell us about your yard: docks, trucks a day, who plans them. We answer within one working day.",
    name: "Name",
    email: "Email",
    phone: "Phone",
    company: "Company",
    comments: "Comments",
    optional: "optional",
    accept: ["I accept the ", "Terms and conditions", " and the ", "Privacy Policy"],
    send: "Send",
    empty: (field) => `${field} must not be blank`,
    acceptTerms: "Please accept the Terms and conditions and the Privacy Policy",
    success: "Message sent successfully",
    tooMany: "Too many messages from this connection. Please try again in an hour.",
    failed: "The message could not be sent. Please try again.",
    honeypot: "Leave this field empty",
    meta: {
      title: "Contact · Yardline",
      description: "Ask for a demonstration of Yardline with your own yard, docks and trucks.",
    },
  },
  es: {
    title: "Contacto",
    intro:
      "Cuéntenos cómo es su patio: muelles, camiones al día, quién los planifica. Respondemos en un día laborable.",
    name: "Nombre",
    email: "Correo electrónico",
    phone: "Teléfono",
    company: "Empresa",
    comments: "Comentarios",
    optional: "opcional",
    accept: ["Acepto los ", "Términos y condiciones", " y la ", "Política de privacidad"],
    send: "Enviar",
    empty: (field) => `${field} no puede estar vacío`,
    acceptTerms: "Acepte los Términos y condiciones y la Política de privacidad",
    success: "Mensaje enviado correctamente",
    tooMany: "Demasiados mensajes desde esta conexión. Inténtelo de nuevo dentro de una hora.",
    failed: "No se pudo enviar el mensaje. Inténtelo de nuevo.",
    honeypot: "Deje este campo vacío",
    meta: {
      title: "Contacto · Yardline",
      description: "Solicite una demostración de Yardline con su propio patio, muelles y camiones.",
    },
  },
};
