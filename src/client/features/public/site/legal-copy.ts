import type { PublicLang } from "./public-lang";

/** Terms and privacy texts (spec: both pages in English and Spanish). */
export interface LegalText {
  title: string;
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
  meta: { title: string; description: string };
}

export const TERMS: Record<PublicLang, LegalText> = {
  en: {
    title: "Terms and conditions",
    updated: "Last updated: November 2026",
    meta: {
      title: "Terms and conditions · Yardline",
      description: "Conditions of use of the Yardline yard and dock management service.",
    },
    sections: [
      {
        heading: "1. The service",
        paragraphs: [
          "Yardline is a web application for managing trucks, expeditions, receptions, dock hours and related work of logistics companies. These terms apply to every company that uses it and to each person who signs in on its behalf.",
        ],
      },
      {
        heading: "2. Accounts",
        paragraphs: [
          "Each user receives a personal account. Keep your password to yourself and tell your administrator at once if you think someone else knows it. The company is responsible for the roles it gives its users and for what they do with them.",
        ],
      },
      {
        heading: "3. Your data",
        paragraphs: [
          "The lines, trucks, files and other records you enter belong to your company. We process them only to provide the service, as described in the Privacy Policy, and return or delete them when the contract ends.",
        ],
      },
      {
        heading: "4. Acceptable use",
        paragraphs: [
          "Do not use the service to send unsolicited messages, to store content you have no right to store, or to try to reach data of other companies. Text messages to drivers must relate to their loads.",
        ],
      },
      {
        heading: "5. Availability",
        paragraphs: [
          "We aim for the service to be available around the clock and announce planned maintenance in advance. Devices keep working offline for a while, but an outage may delay the exchange of changes.",
        ],
      },
      {
        heading: "6. Liability",
        paragraphs: [
          "Yardline supports planning decisions; it does not replace the checks your staff must make on loads, vehicles and safety. Our liability is limited to the amount paid for the service in the twelve months before the claim, except where the law does not allow such a limit.",
        ],
      },
      {
        heading: "7. Changes and law",
        paragraphs: [
          "We may update these terms and will tell administrators thirty days before a change takes effect. These terms are governed by Spanish law; the courts of the provider's registered office are competent unless the law says otherwise.",
        ],
      },
    ],
  },
  es: {
    title: "Términos y condiciones",
    updated: "Última actualización: noviembre de 2026",
    meta: {
      title: "Términos y condiciones · Yardline",
      description: "Condiciones de uso del servicio de gestión de patio y muelles Yardline.",
    },
    sections: [
      {
        heading: "1. El servicio",
        paragraphs: [
          "Yardline es una aplicación web para gestionar camiones, expediciones, recepciones, horas de muelle y el trabajo relacionado de empresas logísticas. Estos términos se aplican a cada empresa que lo usa y a cada persona que accede en su nombre.",
        ],
      },
      {
        heading: "2. Cuentas",
        paragraphs: [
          "Cada usuario recibe una cuenta personal. No comparta su contraseña y avise de inmediato a su administrador si cree que otra persona la conoce. La empresa responde de los roles que asigna a sus usuarios y del uso que hacen de ellos.",
        ],
      },
      {
        heading: "3. Sus datos",
        paragraphs: [
          "Las líneas, camiones, archivos y demás registros que introduce pertenecen a su empresa. Los tratamos solo para prestar el servicio, como describe la Política de privacidad, y los devolvemos o eliminamos al terminar el contrato.",
        ],
      },
      {
        heading: "4. Uso aceptable",
        paragraphs: [
          "No use el servicio para enviar mensajes no solicitados, guardar contenido que no tenga derecho a guardar ni intentar acceder a datos de otras empresas. Los SMS a conductores deben referirse a sus cargas.",
        ],
      },
      {
        heading: "5. Disponibilidad",
        paragraphs: [
          "Procuramos que el servicio esté disponible a todas horas y anunciamos con antelación el mantenimiento programado. Los dispositivos siguen funcionando sin conexión durante un tiempo, pero una interrupción puede retrasar el intercambio de cambios.",
        ],
      },
      {
        heading: "6. Responsabilidad",
        paragraphs: [
          "Yardline apoya las decisiones de planificación; no sustituye las comprobaciones que su personal debe hacer sobre cargas, vehículos y seguridad. Nuestra responsabilidad se limita al importe pagado por el servicio en los doce meses anteriores a la reclamación, salvo donde la ley no permita tal límite.",
        ],
      },
      {
        heading: "7. Cambios y legislación",
        paragraphs: [
          "Podemos actualizar estos términos y avisaremos a los administradores treinta días antes de que un cambio entre en vigor. Se rigen por la legislación española; son competentes los tribunales del domicilio social del proveedor salvo que la ley disponga otra cosa.",
        ],
      },
    ],
  },
};

export const PRIVACY: Record<PublicLang, LegalText> = {
  en: {
    title: "Privacy policy",
    updated: "Last updated: November 2026",
    meta: {
      title: "Privacy policy · Yardline",
      description: "What personal data Yardline processes, why, for how long, and your rights.",
    },
    sections: [
      {
        heading: "Who is responsible",
        paragraphs: [
          "For the data your company enters in Yardline, your company is the controller and we act as processor under a data processing agreement. For requests sent through our contact form, we are the controller.",
        ],
      },
      {
        heading: "What we process",
        paragraphs: [
          "Users: name, username, e-mail, roles and the record of changes they make. Drivers: name, plate and phone number, used to tell them their dock by SMS. Contact form: name, e-mail, phone, company and your comments, with the language of the page and the address your request came from.",
        ],
      },
      {
        heading: "Why",
        paragraphs: [
          "To provide the service under the contract with your company, to keep it secure (sign-in records, limits against abuse), and to answer your contact request on the basis of your consent.",
        ],
      },
      {
        heading: "How long",
        paragraphs: [
          "Account and operational data for as long as the contract lasts, then as the agreement says. Contact requests for up to two years, unless they lead to a contract. Security records for up to one year.",
        ],
      },
      {
        heading: "Who receives it",
        paragraphs: [
          "Our hosting and e-mail providers and the SMS gateway, each under contract and only for their part. We do not sell data or use it for advertising. Data stays within the European Economic Area.",
        ],
      },
      {
        heading: "Your rights",
        paragraphs: [
          "You may ask for access, correction, deletion, restriction, portability or object to processing by writing to the address in the contact page; for data your company entered, we forward your request to it. You may also complain to the Spanish Data Protection Agency (aepd.es).",
        ],
      },
      {
        heading: "Cookies and storage",
        paragraphs: [
          "These pages set no tracking cookies. The browser stores your language choice, and the application stores your session and working data on the device so that it works offline.",
        ],
      },
    ],
  },
  es: {
    title: "Política de privacidad",
    updated: "Última actualización: noviembre de 2026",
    meta: {
      title: "Política de privacidad · Yardline",
      description:
        "Qué datos personales trata Yardline, para qué, durante cuánto tiempo y sus derechos.",
    },
    sections: [
      {
        heading: "Quién es el responsable",
        paragraphs: [
          "De los datos que su empresa introduce en Yardline, su empresa es responsable y nosotros encargados del tratamiento según un contrato de encargo. De las solicitudes enviadas por nuestro formulario de contacto, somos responsables.",
        ],
      },
      {
        heading: "Qué tratamos",
        paragraphs: [
          "Usuarios: nombre, usuario, correo, roles y el registro de los cambios que hacen. Conductores: nombre, matrícula y teléfono, para indicarles su muelle por SMS. Formulario de contacto: nombre, correo, teléfono, empresa y sus comentarios, con el idioma de la página y la dirección desde la que llegó la solicitud.",
        ],
      },
      {
        heading: "Para qué",
        paragraphs: [
          "Para prestar el servicio según el contrato con su empresa, mantenerlo seguro (registros de acceso, límites contra abusos) y responder a su solicitud de contacto con base en su consentimiento.",
        ],
      },
      {
        heading: "Durante cuánto tiempo",
        paragraphs: [
          "Los datos de cuenta y operativos mientras dure el contrato y después según el contrato de encargo. Las solicitudes de contacto hasta dos años, salvo que den lugar a un contrato. Los registros de seguridad hasta un año.",
        ],
      },
      {
        heading: "Quién los recibe",
        paragraphs: [
          "Nuestros proveedores de alojamiento y correo y la pasarela de SMS, cada uno por contrato y solo para su parte. No vendemos datos ni los usamos para publicidad. Los datos permanecen en el Espacio Económico Europeo.",
        ],
      },
      {
        heading: "Sus derechos",
        paragraphs: [
          "Puede solicitar acceso, rectificación, supresión, limitación, portabilidad u oponerse al tratamiento escribiendo a la dirección de la página de contacto; si son datos que introdujo su empresa, le trasladamos la solicitud. También puede reclamar ante la Agencia Española de Protección de Datos (aepd.es).",
        ],
      },
      {
        heading: "Cookies y almacenamiento",
        paragraphs: [
          "Estas páginas no instalan cookies de seguimiento. El navegador guarda el idioma elegido, y la aplicación guarda su sesión y los datos de trabajo en el dispositivo para funcionar sin conexión.",
        ],
      },
    ],
  },
};
