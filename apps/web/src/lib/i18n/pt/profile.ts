export const profile = {
  title: 'Meu perfil',
  description: 'Dados da sua conta de acesso ao backoffice.',
  name: 'Nome',
  cpf: 'CPF',
  password: {
    title: 'Alterar senha',
    description:
      'Ao alterar a senha, as sessões abertas em outros dispositivos são encerradas; neste você continua conectado.',
    currentPassword: 'Senha atual',
    newPassword: 'Nova senha',
    confirmPassword: 'Confirmar nova senha',
    show: 'Mostrar senha',
    hide: 'Ocultar senha',
    submit: 'Alterar senha',
    submitting: 'Alterando…',
    success: 'Senha Alterada!',
    error: 'Erro ao editar!',
  },
} as const;
