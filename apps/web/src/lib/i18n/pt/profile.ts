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
    success: 'Senha alterada.',
    error: 'Erro ao editar.',
  },
  required: {
    title: 'Troque a sua senha provisória',
    description:
      'Você entrou com uma senha provisória. Para continuar, informe-a como senha atual e escolha uma senha nova.',
  },
} as const;
