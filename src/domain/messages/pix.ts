/** pt-BR texts of the PIX BR Code of the receipt method and the treasurer's reconciliation. */
export const pixMessages = {
  title: 'Pague com o PIX abaixo',
  lead: 'Escaneie o QR code no app do seu banco ou use o PIX copia e cola: o valor e o identificador já vêm preenchidos.',
  qrAlt: (value: string) => `QR code do PIX de ${value}`,
  codeLabel: 'PIX copia e cola',
  amount: 'Valor',
  txid: 'Identificador (txid)',
  key: 'Chave PIX',
  expected: 'Esperado',
  /** Staff review */
  expectedAmount: 'Valor esperado',
  expectedTxid: 'Identificador esperado (txid)',
  /** Treasurer's CSV */
  receivedCsv: 'Baixar CSV de pagamentos recebidos',
  receivedCsvName: (slug: string) => `pagamentos-recebidos-${slug}.csv`,
  csvDate: 'Data',
  csvCode: 'Código da inscrição',
  csvPerson: 'Pessoa',
  csvMethod: 'Forma de pagamento',
  csvAmount: 'Valor (R$)',
  csvTxid: 'Identificador (txid)',
  csvStatus: 'Situação',
} as const;
