/** pt-BR texts of the reminders and notices (README 'Reminders and notices'; our wording). */
export const reminderMessages = {
  // profile
  sectionTitle: 'Lembretes e avisos',
  sectionLead:
    'Como você quer receber os lembretes dos eventos em que se inscreveu e os avisos de pagamento.',
  channelLabel: 'Receber por',
  channels: { email: 'E-mail', whatsapp: 'WhatsApp', both: 'E-mail e WhatsApp' },
  whatsappOptIn: 'Aceito receber lembretes e avisos do Congrega no meu WhatsApp.',
  whatsappOptInHint:
    'Usamos seu número só para isso. Você pode parar quando quiser, aqui ou pelo link em cada mensagem.',
  whatsappOptInSince: (when: string) => `WhatsApp autorizado em ${when}.`,
  remindersOn: 'Quero receber lembretes',
  remindersOffState: (when: string) => `Você pediu para não receber lembretes em ${when}.`,
  save: 'Salvar preferências',
  saved: 'Preferências de lembretes salvas.',
  // the unsubscribe page
  unsubscribeTitle: 'Não quero receber lembretes',
  unsubscribeLead:
    'Confirme e paramos de enviar lembretes de eventos e avisos de pagamento, por e-mail e WhatsApp. Os e-mails da sua inscrição (confirmação, pagamento) continuam.',
  unsubscribeButton: 'Não quero receber lembretes',
  unsubscribed:
    'Pronto: você não vai mais receber lembretes. Para voltar a receber, entre no Congrega e ative em Perfil.',
  alreadyUnsubscribed:
    'Você já não recebe lembretes. Para voltar a receber, entre no Congrega e ative em Perfil.',
  // the editor
  editorTitle: 'Lembrete antes do evento',
  editorMode: 'Quando enviar',
  editorModes: {
    day_before: 'Na véspera, às 18:00',
    hours: 'Algumas horas antes',
    off: 'Não enviar lembrete',
  },
  editorHours: 'Horas antes do início',
  editorNote: 'Recado da organização (vai no lembrete)',
  editorSave: 'Salvar lembrete',
  editorSaved: 'Lembrete salvo.',
  // the messages
  subjects: {
    event: (title: string) => `Lembrete: ${title}`,
    payment: (title: string) => `Pagamento pendente: ${title}`,
    caravanPaid: (title: string) => `Caravana paga: ${title}`,
  },
  event: (title: string, when: string) =>
    `Lembrete: ${title} começa ${when}. Seu ingresso está no link abaixo.`,
  organizerNote: (note: string) => `Recado da organização: ${note}`,
  payment: (title: string, method: string, until: string) =>
    `Sua inscrição em ${title} ainda espera o pagamento (${method}), que vence ${until}. Depois disso a vaga volta para o lote.`,
  caravanPaid: (title: string, people: number) =>
    `Todas as ${people} pessoas da sua caravana para ${title} estão com o pagamento confirmado.`,
  unsubscribeLink: 'Não quero receber lembretes',
} as const;

export const reminderErrors = {
  WHATSAPP_OPT_IN_REQUIRED: 'Para receber pelo WhatsApp, marque a autorização do WhatsApp.',
  WHATSAPP_PHONE_REQUIRED: 'Cadastre seu WhatsApp no perfil para receber por ele.',
  UNSUBSCRIBE_LINK_INVALID: 'Este link não é válido. Abra o link mais recente que você recebeu.',
  REMINDER_HOURS_INVALID: 'Insira de 1 a 720 horas.',
  REMINDER_NOTE_TOO_LONG: 'O recado pode ter até 500 caracteres.',
} as const;
