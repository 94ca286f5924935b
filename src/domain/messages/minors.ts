/** Texts of minors and their guardian's consent (LGPD art. 14). */

export const minorApiErrors = {
  BIRTH_DATE_REQUIRED: 'Informe sua data de nascimento no perfil para se inscrever neste evento.',
  TOO_YOUNG: 'Este evento tem idade mínima e a data de nascimento informada não a atinge.',
  GUARDIAN_REQUIRED:
    'Menores de 18 anos precisam da autorização de um responsável: informe o nome, o CPF e o e-mail dele.',
  GUARDIAN_NOT_SELF:
    'O responsável deve ser outra pessoa: use o CPF e o e-mail do pai, da mãe ou do responsável.',
  GUARDIAN_LINK_INVALID: 'Este link de autorização não é válido.',
  GUARDIAN_ALREADY_DECIDED: 'Esta autorização já foi respondida.',
} as const;

export const minorMessages = {
  awaiting: 'Aguardando autorização do responsável',
  authorized: (name: string) => `Autorizado por ${name}`,
  refused: 'O responsável não autorizou esta inscrição.',
  doorAdmitted: (name: string) => `Menor — autorizado por ${name}`,
  birthDate: 'Data de nascimento',
  /** a caravan or desk person's problem, prefixed with their name */
  personBirthDateRequired: 'informe a data de nascimento (este evento tem regras de idade).',
  deskBirthDateRequired: 'Informe a data de nascimento da pessoa: este evento tem regras de idade.',
  birthDateFuture: 'A data de nascimento não pode ser no futuro.',
  birthDateHint: 'Eventos com idade mínima ou para menores de 18 anos usam esta data.',
  guardianTitle: 'Responsável (menores de 18 anos)',
  guardianLead:
    'Como você é menor de idade, o responsável receberá um e-mail para autorizar sua inscrição. O ingresso só vale na entrada depois da autorização.',
  guardianLeadPerson:
    'Menor de 18 anos: o responsável receberá um e-mail para autorizar a inscrição desta pessoa. O ingresso só vale na entrada depois da autorização.',
  guardianName: 'Nome completo do responsável',
  guardianCpf: 'CPF do responsável',
  guardianEmail: 'E-mail do responsável',
  minAge: 'Idade mínima (anos, opcional)',
  guardianConsent: 'Exigir autorização do responsável para menores de 18 anos',
  pageTitle: 'Autorização do responsável',
  pageLead: (guardian: string, minor: string, event: string) =>
    `Olá, ${guardian}. ${minor} se inscreveu em "${event}" e informou você como responsável.`,
  pageKeeps:
    'O que guardamos e por quê: o nome, o CPF, o e-mail, o WhatsApp e a data de nascimento de quem se inscreveu, e as respostas às perguntas do evento, para organizar o evento e a entrada. Do responsável guardamos o nome, o CPF e o e-mail, como registro desta autorização (Lei Geral de Proteção de Dados, art. 14). Nada é compartilhado fora da organização do evento.',
  authorize: 'Autorizo a inscrição',
  refuse: 'Não autorizo',
  authorizedDone: 'Obrigado! A inscrição está autorizada.',
  refusedDone: 'Sua resposta foi registrada: a inscrição não está autorizada.',
  recordPaper: 'Registrar autorização em papel',
  paperRecorded: 'Autorização em papel registrada.',
} as const;
