/** Texts of the registration questions: the editor panel, the answer fields, the API's codes. */

/** API error codes of the questions' routes and their pt-BR messages (merged into apiErrors). */
export const questionApiErrors = {
  QUESTION_NOT_FOUND: 'Pergunta não encontrada.',
  INVALID_ANSWERS: 'Confira as respostas das perguntas da inscrição.',
  ANSWERS_CLOSED: 'As respostas não podem mais ser alteradas: o evento já começou.',
} as const;

export const questionKindLabels = {
  short_text: 'Texto curto',
  long_text: 'Texto longo',
  one_choice: 'Uma opção',
  many_choices: 'Várias opções',
  yes_no: 'Sim ou não',
  date: 'Data',
} as const;

export const questionMessages = {
  panelTitle: 'Perguntas da inscrição',
  none: 'Nenhuma pergunta. As inscrições pedem só os dados do perfil.',
  add: 'Adicionar pergunta',
  edit: 'Editar',
  remove: 'Remover',
  moveUp: 'Subir',
  moveDown: 'Descer',
  save: 'Salvar pergunta',
  cancel: 'Cancelar',
  label: 'Pergunta',
  help: 'Texto de ajuda (opcional)',
  kind: 'Tipo de resposta',
  options: 'Opções (uma por linha)',
  required: 'Resposta obrigatória',
  sensitive: 'Dado sensível (saúde, medicação, alergias): só quem tem permissão vê',
  onBadge: 'Mostrar a resposta no crachá',
  tier: 'Perguntar em',
  allTiers: 'Todos os lotes',
  saved: 'Pergunta salva.',
  removed: 'Pergunta removida. As respostas já dadas ficam guardadas.',
  requiredTag: 'obrigatória',
  sensitiveTag: 'sensível',
  badgeTag: 'no crachá',
  yes: 'Sim',
  no: 'Não',
  sectionTitle: 'Perguntas do evento',
  answersTitle: 'Respostas da inscrição',
  editAnswers: 'Editar respostas',
  saveAnswers: 'Salvar respostas',
  answersSaved: 'Respostas salvas.',
  noAnswer: '—',
  hiddenSensitive: 'Resposta sensível: visível só para quem tem permissão.',
  chartTitle: (label: string) => `Respostas: ${label}`,
} as const;

export const questionValidation = {
  required: 'Responda esta pergunta.',
  tooLong: (max: number) => `Use no máximo ${max} caracteres.`,
  choose: 'Escolha uma das opções.',
  chooseMany: 'Escolha opções da lista.',
  date: 'Insira uma data válida',
  yesNo: 'Responda sim ou não.',
  label: 'Escreva a pergunta.',
  options: 'Dê ao menos duas opções, uma por linha (até 50, de até 100 caracteres).',
  sensitiveBadge: 'Uma resposta sensível não pode ir para o crachá.',
} as const;
