import { html as tag } from '../html.ts';

/** pt-BR e-mails the auth server sends (the hosted project has its own templates for these). */

function html(title: string, lines: string[], link: string, button: string): string {
  return String(tag`<!doctype html><html lang="pt-BR"><body style="font-family:system-ui,sans-serif;color:#1d1b24">
<h1 style="font-size:20px">${title}</h1>
${lines.map((l) => tag`<p>${l}</p>`)}
<p><a href="${link}" style="background:#5b3cc4;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${button}</a></p>
<p style="color:#6b6878;font-size:13px">Se o botão não funcionar, copie este endereço no navegador: ${link}</p>
</body></html>`);
}

export function confirmationMail(to: string, link: string) {
  const subject = 'Confirme seu cadastro no Congrega';
  const lines = [
    'Olá! Que bom ter você no Congrega.',
    'Para ativar sua conta, confirme seu e-mail pelo link abaixo. O link vale por 24 horas.',
    'Se você não criou esta conta, ignore esta mensagem.',
  ];
  return {
    to,
    subject,
    link,
    text: `${lines.slice(0, 2).join('\n')}\n\n${link}\n\n${lines[2]}`,
    html: html(subject, lines, link, 'Confirmar meu e-mail'),
  };
}

export function recoveryMail(to: string, link: string) {
  const subject = 'Redefinição de senha';
  const lines = [
    'Recebemos um pedido para redefinir a senha da sua conta no Congrega.',
    'Para escolher uma nova senha, abra o link abaixo. O link vale por 1 hora e só pode ser usado uma vez.',
    'Se você não pediu a troca de senha, ignore esta mensagem: sua senha continua a mesma.',
  ];
  return {
    to,
    subject,
    link,
    text: `${lines.slice(0, 2).join('\n')}\n\n${link}\n\n${lines[2]}`,
    html: html(subject, lines, link, 'Redefinir minha senha'),
  };
}

/** An account staff created for someone (third-party signup): confirm the e-mail and choose a password. */
export function inviteMail(to: string, link: string) {
  const subject = 'Sua inscrição no Congrega: crie sua senha';
  const lines = [
    'Olá! A equipe do Congrega fez uma inscrição para você e criou sua conta com este e-mail.',
    'Para confirmar o e-mail e escolher sua senha, abra o link abaixo. O link vale por 24 horas.',
    'Depois é só entrar para ver sua inscrição em "Minhas inscrições".',
  ];
  return {
    to,
    subject,
    link,
    text: `${lines.join('\n')}\n\n${link}`,
    html: html(subject, lines, link, 'Criar minha senha'),
  };
}
