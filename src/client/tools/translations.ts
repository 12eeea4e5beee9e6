/**
 * Translations of the client's messages, keyed by English source text (or explicit id).
 * `mx` is given only where Mexican Spanish differs from `es` (client -> SKU, delivery note ->
 * Folio, bay -> Bahía, plate -> Placa); otherwise the `es` text is used.
 * Fill the catalogs with: node --import tsx src/client/tools/translate-catalogs.ts
 */
export interface Translation {
  es: string;
  pt: string;
  mx?: string;
}

export const TRANSLATIONS: Record<string, Translation> = {
  // Shell, session, dashboard, public pages
  "A new version is available": {
    es: "Hay una nueva versión disponible",
    pt: "Está disponível uma nova versão",
  },
  Alerts: { es: "Alertas", pt: "Alertas" },
  BI: { es: "BI", pt: "BI" },
  Cancel: { es: "Cancelar", pt: "Cancelar" },
  "Change company": { es: "Cambiar empresa", pt: "Mudar de empresa" },
  "Change password": { es: "Cambiar contraseña", pt: "Alterar palavra-passe" },
  "Client area": { es: "Área de clientes", pt: "Área de clientes" },
  Company: { es: "Empresa", pt: "Empresa" },
  Contact: { es: "Contacto", pt: "Contacto" },
  "Critical line": { es: "Línea crítica", pt: "Linha crítica" },
  "Critical lines": { es: "Líneas críticas", pt: "Linhas críticas" },
  Dismiss: { es: "Cerrar aviso", pt: "Fechar aviso" },
  Enter: { es: "Entrar", pt: "Entrar" },
  Expedition: { es: "Expedición", pt: "Expedição" },
  Expeditions: { es: "Expediciones", pt: "Expedições" },
  Export: { es: "Exportar", pt: "Exportar" },
  "Go to the client area": { es: "Ir al área de clientes", pt: "Ir para a área de clientes" },
  "Go to the home menu": { es: "Ir al menú de inicio", pt: "Ir para o menu inicial" },
  "Hi, {name}": { es: "Hola, {name}", pt: "Olá, {name}" },
  Home: { es: "Inicio", pt: "Início" },
  Import: { es: "Importar", pt: "Importar" },
  Indicators: { es: "Indicadores", pt: "Indicadores" },
  "Install app": { es: "Instalar app", pt: "Instalar app" },
  Language: { es: "Idioma", pt: "Idioma" },
  "Loading…": { es: "Cargando…", pt: "A carregar…" },
  "Log in with SSO": { es: "Entrar con SSO", pt: "Entrar com SSO" },
  "Log Out": { es: "Cerrar sesión", pt: "Terminar sessão" },
  Main: { es: "Principal", pt: "Principal" },
  "New password": { es: "Nueva contraseña", pt: "Nova palavra-passe" },
  "Not available": { es: "No disponible", pt: "Indisponível" },
  Offline: { es: "Sin conexión", pt: "Sem ligação" },
  "Old password": { es: "Contraseña actual", pt: "Palavra-passe atual" },
  Online: { es: "En línea", pt: "Online" },
  "Online management of expeditions and receptions, SMS alerts to the carrier when a load is ready, real-time status and delay alerts.":
    {
      es: "Gestión online de expediciones y recepciones, avisos por SMS al transportista cuando una carga está lista, estado en tiempo real y alertas de retraso.",
      pt: "Gestão online de expedições e receções, alertas por SMS ao transportador quando uma carga está pronta, estado em tempo real e alertas de atraso.",
      mx: "Gestión en línea de expediciones y recepciones, avisos por SMS al transportista cuando una carga está lista, estatus en tiempo real y alertas de retraso.",
    },
  "Page not found": { es: "Página no encontrada", pt: "Página não encontrada" },
  pass_different: {
    es: "Las contraseñas nuevas no coinciden",
    pt: "As novas palavras-passe não coincidem",
  },
  Password: { es: "Contraseña", pt: "Palavra-passe" },
  "Privacy policy": { es: "Política de privacidad", pt: "Política de privacidade" },
  Product: { es: "Producto", pt: "Produto" },
  Reception: { es: "Recepción", pt: "Receção" },
  Receptions: { es: "Recepciones", pt: "Receções" },
  Reload: { es: "Recargar", pt: "Recarregar" },
  "Repeat new password": { es: "Repetir nueva contraseña", pt: "Repetir nova palavra-passe" },
  Save: { es: "Guardar", pt: "Guardar" },
  "Show password": { es: "Mostrar contraseña", pt: "Mostrar palavra-passe" },
  "Successfully saved new password": {
    es: "Nueva contraseña guardada correctamente",
    pt: "Nova palavra-passe guardada com sucesso",
  },
  "Task list": { es: "Lista de tareas", pt: "Lista de tarefas" },
  "The server had a problem. Please try again.": {
    es: "El servidor tuvo un problema. Inténtalo de nuevo.",
    pt: "O servidor teve um problema. Tente novamente.",
    mx: "El servidor tuvo un problema. Inténtalo de nuevo.",
  },
  "Too many attempts. Please wait a moment and try again.": {
    es: "Demasiados intentos. Espera un momento y vuelve a intentarlo.",
    pt: "Demasiadas tentativas. Aguarde um momento e tente novamente.",
  },
  "Wrong username or password": {
    es: "Usuario o contraseña incorrectos",
    pt: "Utilizador ou palavra-passe incorretos",
  },
  "You are not allowed to do this": {
    es: "No tienes permiso para hacer esto",
    pt: "Não tem permissão para fazer isto",
  },
  "Your session has expired. Please log in again.": {
    es: "Tu sesión ha caducado. Vuelve a iniciar sesión.",
    pt: "A sua sessão expirou. Inicie sessão novamente.",
    mx: "Tu sesión expiró. Vuelve a iniciar sesión.",
  },
  "Terms and conditions": { es: "Términos y condiciones", pt: "Termos e condições" },
  "The server could not be reached": {
    es: "No se pudo contactar con el servidor",
    pt: "Não foi possível contactar o servidor",
    mx: "No se pudo conectar con el servidor",
  },
  "This page is coming soon.": {
    es: "Esta página estará disponible pronto.",
    pt: "Esta página estará disponível em breve.",
  },
  "This screen is coming soon": {
    es: "Esta pantalla estará disponible pronto",
    pt: "Este ecrã estará disponível em breve",
  },
  "Truck check-in": { es: "Registro de llegada de camiones", pt: "Registo de chegada de camiões" },
  Trucks: { es: "Camiones", pt: "Camiões" },
  "Trucks sign up": { es: "Alta de camiones", pt: "Registo de camiões" },
  User: { es: "Usuario", pt: "Utilizador" },
  Username: { es: "Usuario", pt: "Utilizador" },
  Users: { es: "Usuarios", pt: "Utilizadores" },
  Warning: { es: "Aviso", pt: "Aviso" },
  "Yard and dock management": {
    es: "Gestión de patio y muelles",
    pt: "Gestão de parque e cais",
    mx: "Gestión de patio y bahías",
  },
  "You are offline": { es: "Estás sin conexión", pt: "Está sem ligação" },

  // Trucks screens (src/client/features/trucks, ui/list, offline)
  "{0, plural, one {# truck} other {# trucks}}, page {page} of {pageCount}": {
    es: "{0, plural, one {# camión} other {# camiones}}, página {page} de {pageCount}",
    pt: "{0, plural, one {# camião} other {# camiões}}, página {page} de {pageCount}",
  },
  "{0} of {SMS_MAX_LENGTH} characters": {
    es: "{0} de {SMS_MAX_LENGTH} caracteres",
    pt: "{0} de {SMS_MAX_LENGTH} carateres",
  },
  "Add truck": { es: "Añadir camión", pt: "Adicionar camião", mx: "Agregar camión" },
  "All countries": { es: "Todos los países", pt: "Todos os países" },
  Apply: { es: "Aplicar", pt: "Aplicar" },
  "Are you sure you want to DELETE the truck?": {
    es: "¿Seguro que quieres ELIMINAR el camión?",
    pt: "Tem a certeza de que quer ELIMINAR o camião?",
    mx: "¿Seguro que quieres ELIMINAR el camión?",
  },
  "Arrival date": { es: "Fecha de llegada", pt: "Data de chegada" },
  "Arrival from": { es: "Llegada desde", pt: "Chegada desde" },
  "Arrival until": { es: "Llegada hasta", pt: "Chegada até" },
  "Capacity load": { es: "Capacidad de carga", pt: "Capacidade de carga" },
  "Clean filters": { es: "Limpiar filtros", pt: "Limpar filtros" },
  Clear: { es: "Borrar", pt: "Limpar" },
  Close: { es: "Cerrar", pt: "Fechar" },
  Confirm: { es: "Confirmar", pt: "Confirmar" },
  "Country code": { es: "Prefijo del país", pt: "Indicativo do país", mx: "Lada internacional" },
  Delete: { es: "Eliminar", pt: "Eliminar" },
  "Delete {0}": { es: "Eliminar {0}", pt: "Eliminar {0}" },
  "Departure date": { es: "Fecha de salida", pt: "Data de saída" },
  Detail: { es: "Detalle", pt: "Detalhe" },
  "Details of {0}": { es: "Detalle de {0}", pt: "Detalhe de {0}" },
  "Editing truck <0>{0}</0>": {
    es: "Editando el camión <0>{0}</0>",
    pt: "A editar o camião <0>{0}</0>",
  },
  Filters: { es: "Filtros", pt: "Filtros" },
  Frequent: { es: "Frecuentes", pt: "Frequentes" },
  "From now": { es: "Desde ahora", pt: "A partir de agora" },
  Message: { es: "Mensaje", pt: "Mensagem" },
  "Message sent successfully": {
    es: "Mensaje enviado correctamente",
    pt: "Mensagem enviada com sucesso",
  },
  Name: { es: "Nombre", pt: "Nome" },
  "Next month": { es: "Próximo mes", pt: "Próximo mês" },
  "Next page": { es: "Página siguiente", pt: "Página seguinte" },
  "Next week": { es: "Próxima semana", pt: "Próxima semana" },
  "No trucks found": {
    es: "No se han encontrado camiones",
    pt: "Não foram encontrados camiões",
    mx: "No se encontraron camiones",
  },
  "Not a valid phone number for this country": {
    es: "No es un teléfono válido para este país",
    pt: "Não é um número de telefone válido para este país",
  },
  "Offline, not updated yet": {
    es: "Sin conexión, aún sin actualizar",
    pt: "Sem ligação, ainda não atualizado",
  },
  "Offline, updated {time}": {
    es: "Sin conexión, actualizado {time}",
    pt: "Sem ligação, atualizado {time}",
  },
  "Page {number}": { es: "Página {number}", pt: "Página {number}" },
  Pagination: { es: "Paginación", pt: "Paginação" },
  Phone: { es: "Teléfono", pt: "Telefone" },
  Plate: { es: "Matrícula", pt: "Matrícula", mx: "Placa" },
  "Previous page": { es: "Página anterior", pt: "Página anterior" },
  "Quick date filters": { es: "Filtros rápidos de fecha", pt: "Filtros rápidos de data" },
  "Searching…": { es: "Buscando…", pt: "A pesquisar…" },
  Send: { es: "Enviar", pt: "Enviar" },
  "Send SMS": { es: "Enviar SMS", pt: "Enviar SMS" },
  "Send SMS to {0}": { es: "Enviar SMS a {0}", pt: "Enviar SMS para {0}" },
  "The truck was changed meanwhile: check it and save again": {
    es: "El camión ha cambiado mientras tanto: revísalo y guarda de nuevo",
    pt: "O camião foi alterado entretanto: verifique-o e guarde novamente",
    mx: "El camión cambió mientras tanto: revísalo y guarda de nuevo",
  },
  "This truck does not exist any more.": {
    es: "Este camión ya no existe.",
    pt: "Este camião já não existe.",
  },
  Today: { es: "Hoy", pt: "Hoje" },
  Tomorrow: { es: "Mañana", pt: "Amanhã" },
  "Truck {0} saved": { es: "Camión {0} guardado", pt: "Camião {0} guardado" },
  "Truck filters": { es: "Filtros de camiones", pt: "Filtros de camiões" },
  "Write the name": { es: "Escribe el nombre", pt: "Escreva o nome" },
  "Write the plate": {
    es: "Escribe la matrícula",
    pt: "Escreva a matrícula",
    mx: "Escribe la placa",
  },
  Yesterday: { es: "Ayer", pt: "Ontem" },
  "You can send again in {secondsLeft} s": {
    es: "Podrás enviar de nuevo en {secondsLeft} s",
    pt: "Poderá enviar novamente dentro de {secondsLeft} s",
  },
  "You may not save this truck.": {
    es: "No tienes permiso para guardar este camión.",
    pt: "Não tem permissão para guardar este camião.",
  },
};
