/** Error codes of the data-rights routes (merged into the API's table: functions/api/lib/errors.ts). */
export const privacyApiErrors = {
  WRONG_PASSWORD: 'Senha incorreta. Confira e tente de novo.',
  PASSWORD_REQUIRED: 'Informe a senha da sua conta para excluí-la.',
  REAUTH_REQUIRED:
    'Por segurança, informe sua senha, ou saia e entre de novo na sua conta antes de excluí-la.',
  DELETE_RATE_LIMITED: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  CONSENT_NOT_FOUND: 'Você não tem um consentimento ativo para revogar.',
} as const;

/** pt-BR texts of data rights (LGPD): the consent, the privacy page and the profile's data tools (our wording). */
export const privacyMessages = {
  /** The consent asked beside the congregation; its version is CONSENT_TEXT_VERSION (src/domain/privacy.ts). */
  consentLabel:
    'Autorizo o Congrega a guardar minha congregação (ou igreja) para organizar eventos e relatórios por congregação.',
  consentMore: 'Saiba como usamos seus dados',
  privacyLink: 'Privacidade',
  pageTitle: 'Privacidade e seus dados',
  intro:
    'O Congrega trata seus dados pessoais conforme a Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018). Aqui você vê o que guardamos, por quê, por quanto tempo e quem vê.',
  controllerTitle: 'Quem cuida dos seus dados',
  controller: (email: string) =>
    `A organização do Congrega é a controladora dos dados. Fale com a pessoa responsável (encarregado) pelo e-mail ${email}.`,
  keptTitle: 'O que guardamos e por quê',
  kept: [
    'Nome, e-mail, WhatsApp e CPF: para criar sua conta, identificar você nas inscrições, na entrada dos eventos e nos pagamentos.',
    'Congregação ou igreja: é um dado sensível (indica sua filiação religiosa). Só guardamos com o seu consentimento, para organizar eventos e relatórios por congregação. Você pode revogar quando quiser no seu perfil.',
    'Inscrições, tentativas de pagamento e check-ins: para confirmar sua vaga, prestar contas dos eventos e registrar sua entrada. Dados de cartão ficam com o Mercado Pago e nunca chegam até nós.',
    'Comprovantes de PIX enviados por você: para a análise do pagamento.',
  ],
  retentionTitle: 'Por quanto tempo',
  retention: (days: number) => [
    `Comprovantes de pagamento são apagados ${days} dias depois do evento.`,
    'Os demais dados ficam enquanto sua conta existir. Ao excluir a conta, apagamos nome, e-mail, WhatsApp, CPF e congregação; as inscrições e pagamentos continuam, sem identificar você, para a prestação de contas.',
  ],
  staffTitle: 'Quem da equipe vê',
  staff: [
    'Secretaria e liderança (permissão de ver inscrições): seus dados de contato, inscrições e comprovantes, para analisar pagamentos.',
    'Liderança com acesso a relatórios: nome, congregação e situação da inscrição por evento.',
    'Voluntários do check-in: nome, congregação e código do ingresso dos inscritos no evento, no dia.',
    'Cada vez que alguém da equipe abre sua ficha, um comprovante seu, uma lista de inscritos ou folha de crachás com você, registramos quem, o quê e quando. Esse registro aparece nos dados que você baixa.',
  ],
  rightsTitle: 'Seus direitos',
  rights:
    'Você pode ver e corrigir seus dados no perfil, baixar uma cópia (portabilidade), revogar o consentimento da congregação e excluir sua conta. Para saber com quem compartilhamos dados ou para qualquer outro pedido, escreva para o e-mail acima.',
  profileLink: 'Ir para o meu perfil',
  // profile
  editTitle: 'Meus dados',
  save: 'Salvar alterações',
  saved: 'Dados salvos!',
  saveFailed: 'Não foi possível salvar seus dados. Tente novamente.',
  emailHint: 'Para trocar o email, use o link abaixo: enviaremos uma confirmação para o novo endereço.',
  changeEmail: 'Trocar email',
  newEmailLabel: 'Novo email',
  sendEmailChange: 'Enviar confirmação',
  emailChangeSent: (email: string) => `Enviamos um link de confirmação para ${email}.`,
  emailChangeFailed: 'Não foi possível pedir a troca de email. Tente novamente.',
  cpfHint: 'O CPF só pode ser alterado pela secretaria.',
  consentTitle: 'Consentimento da congregação',
  consentGiven: (date: string) => `Você autorizou em ${date}.`,
  consentNone: 'Você não autorizou guardar sua congregação.',
  revoke: 'Revogar consentimento',
  revokeExplain:
    'Ao revogar, apagamos sua congregação (ou igreja) do seu cadastro. Suas próximas inscrições deixam de contar para a sua congregação nos relatórios e crachás. Você pode autorizar de novo quando quiser, escolhendo a congregação.',
  revokeConfirm: 'Sim, revogar',
  revoked: 'Consentimento revogado. Sua congregação foi apagada do cadastro.',
  revokeFailed: 'Não foi possível revogar agora. Tente novamente.',
  dataTitle: 'Seus dados',
  download: 'Baixar meus dados',
  downloadHint:
    'Um arquivo JSON com seu perfil, consentimentos, inscrições, tentativas de pagamento (sem dados de cartão), check-ins e acessos da equipe aos seus dados.',
  downloadFailed: 'Não foi possível gerar o arquivo. Tente novamente.',
  exportFile: 'meus-dados-congrega.json',
  deleteTitle: 'Excluir minha conta',
  deleteExplain:
    'Apagamos seu nome, email, WhatsApp, CPF e congregação, e você sai de todos os aparelhos. Suas inscrições e pagamentos continuam na prestação de contas, sem identificar você. Não dá para desfazer.',
  deleteOpen: 'Excluir minha conta',
  deletePasswordLabel: 'Sua senha',
  deleteNoPasswordHint:
    'Se você entra com Google, deixe a senha em branco: vale se você entrou há menos de 10 minutos. Se não, saia e entre de novo.',
  deleteConfirm: 'Excluir definitivamente',
  cancel: 'Cancelar',
  deleteFailed: 'Não foi possível excluir a conta. Tente novamente.',
  deleted: 'Sua conta foi excluída.',
  // staff list
  deletedAccount: 'Conta excluída',
  // e-mail
  accountDeletedSubject: 'Sua conta no Congrega foi excluída',
  accountDeletedBody: [
    'Confirmamos a exclusão da sua conta no Congrega.',
    'Apagamos seu nome, email, WhatsApp, CPF e congregação, e encerramos suas sessões em todos os aparelhos. Suas inscrições e pagamentos continuam na prestação de contas, sem identificar você.',
    'Se não foi você que pediu, fale com a pessoa responsável pelos dados:',
  ],
  emailFooterPrivacy: 'Privacidade e seus dados',
} as const;
