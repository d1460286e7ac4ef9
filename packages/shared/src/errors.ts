import { requestFailedText } from './request-failed';

/**
 * The one vocabulary of failures: every distinct failure the API can answer (and the web client's
 * own fallback) has a key here, its HTTP status and ONE Portuguese text. The API answers
 * `message` from this table by code and the web shows the same text for the code; neither side
 * writes a failure's text anywhere else. `{{name}}` marks a value the text needs (the limit in MB,
 * a date…): the thrower passes it as typed `params`, the body carries it in `params`, and both
 * sides interpolate the same way (i18next's syntax).
 *
 * The key is the stable `error` code on the wire, except where `code` keeps the two strings the
 * clients match literally ('Invalid user or password', 'Refresh token expirado').
 *
 * How to add one: a new line here, sorted by key, one entry per line (a test checks both), then
 * `new AppError('YourKey', { params })` in the API. docs/ARCHITECTURE.md, "Errors".
 */
// prettier-ignore
export const errorDefinitions = {
  AccessLinkInvalid: { status: 410, message: 'Este link não vale mais: já foi usado, expirou ou um link mais novo foi pedido. Peça outro.' },
  AgeRestriction: { status: 422, message: 'Quem vai usar a reserva não tem a idade mínima exigida por este espaço: {{minimumAge}} anos.' },
  /** The target place has no slot with the booking's start and length. */
  AppointmentMoveMisfit: { status: 409, message: 'O espaço de destino não tem um horário com este início e a mesma duração da reserva.' },
  /** A booking moved by staff: the target is of another category than the booking's place. */
  AppointmentMoveOtherCategory: { status: 422, message: 'A reserva só pode ser movida para um espaço da mesma categoria.' },
  AppointmentMoveStarted: { status: 422, message: 'A reserva já começou: não pode mais ser movida.' },
  AppointmentMoveUnchanged: { status: 422, message: 'A reserva já está neste espaço e horário.' },
  AppointmentNotFound: { status: 404, message: 'Agendamento não encontrado.' },
  AppointmentNotScheduled: { status: 409, message: 'O agendamento não está mais marcado (cancelado ou com presença registrada).' },
  AssociateBlocked: { status: 422, message: 'O associado está bloqueado para reservas.' },
  /** A member's card number is unique within the club. */
  AssociateCardTaken: { status: 409, message: 'Já existe um associado com esta carteirinha neste clube.' },
  /** A member's CPF is unique within the club. */
  AssociateCpfTaken: { status: 409, message: 'Já existe um associado com este CPF neste clube.' },
  /** An invitation to the portal goes to a member who has no password yet. */
  AssociateHasPortalPassword: { status: 409, message: 'O associado já tem senha do portal. Se a esqueceu, ele pode pedir um link em "Esqueci minha senha".' },
  AssociateNotFound: { status: 404, message: 'Associado não encontrado.' },
  AssociateWithoutEmail: { status: 422, message: 'O associado não tem e-mail cadastrado: não há para onde enviar o convite.' },
  AttendanceNotRecorded: { status: 409, message: 'O agendamento não tem presença nem falta registrada.' },
  AttendanceUndoExpired: { status: 422, message: 'A presença ou falta só pode ser desfeita no mesmo dia em que foi registrada.' },
  AvailableBookingDaysMissed: { status: 422, message: 'Esta data ainda não está aberta para reservas neste espaço.' },
  BackupFileNotFound: { status: 404, message: 'Arquivo de backup não encontrado: {{file}}' },
  BackupRestoreFailed: { status: 400, message: 'Não foi possível restaurar {{file}}: {{reason}}' },
  BlockConflictsWithAppointments: { status: 409, message: 'O bloqueio coincide com agendamentos marcados: escolha manter, cancelar ou mover cada um.' },
  BlockMoveTargetInvalid: { status: 422, message: 'Espaço de destino inválido: escolha um espaço ativo da mesma categoria, no mesmo clube.' },
  /** The target's own slots do not hold the booking's time (another start or another length). */
  BlockMoveTargetMisfit: { status: 409, message: 'O espaço de destino não tem um horário igual ao do agendamento (mesmo início e mesma duração).' },
  BlockMoveTargetTaken: { status: 409, message: 'O espaço de destino não está livre neste horário.' },
  BlockPlacesOfManyClubs: { status: 400, message: 'Os espaços de um bloqueio devem ser do mesmo clube.' },
  BlockReasonRequired: { status: 400, message: 'Informe o motivo do bloqueio.' },
  BlockedTimeNotFound: { status: 404, message: 'Bloqueio não encontrado.' },
  /** Staff cancel a booking only with the reason the member will read. */
  CancellationReasonRequired: { status: 400, message: 'Informe o motivo do cancelamento.' },
  CategoryInUse: { status: 409, message: 'A categoria é usada por espaços ativos. Mude a categoria deles antes de excluir.' },
  /** Names compare without case, accents and surrounding spaces ("Salões" = "saloes"). */
  CategoryNameTaken: { status: 409, message: 'Já existe uma categoria com esse nome neste clube.' },
  /** Also a category of another club: nobody learns what other clubs hold. */
  CategoryNotFound: { status: 404, message: 'Categoria não encontrada.' },
  /** Entrada por código: the code's booking was already let in. */
  CheckInCodeAlreadyIn: { status: 409, message: 'Entrada já registrada {{checkedInAt}}: reserva de {{member}} em {{place}}, {{when}}.' },
  /** Entrada por código: the code's booking was cancelled. */
  CheckInCodeCancelled: { status: 409, message: 'Esta reserva foi cancelada: {{member}} em {{place}}, {{when}}. Não há entrada a registrar.' },
  /** Entrada por código: the code's booking is over; a missed one is a no-show instead. */
  CheckInCodeEnded: { status: 422, message: 'Reserva de {{member}} em {{place}}, {{when}}: o horário já terminou, a entrada não pode mais ser registrada.' },
  /** Entrada por código: the code's booking was marked as not attended. */
  CheckInCodeNoShow: { status: 409, message: 'Esta reserva foi marcada como falta: {{member}} em {{place}}, {{when}}. Para registrar a entrada, desfaça a falta no quadro do dia.' },
  CheckInCodeNotFound: { status: 404, message: 'Nenhuma reserva atual ou futura deste clube tem este código. Confira o código.' },
  /** Entrada por código: the code's booking is later (today or another day) than its check-in opens. */
  CheckInCodeNotYet: { status: 422, message: 'Reserva de {{member}} em {{place}}, {{when}}: ainda não é hora. A entrada abre {{opensAt}}, {{minutes}} minutos antes do início.' },
  CheckInNotOpen: { status: 422, message: 'A entrada só pode ser registrada de 30 minutos antes do início até o fim do horário.' },
  CompanyNameRequired: { status: 400, message: 'O nome do clube é obrigatório.' },
  /** Also a club the caller is not staff of. */
  CompanyNotFound: { status: 404, message: 'Clube não encontrado.' },
  Conflict: { status: 409, message: 'O registro conflita com outro já existente.' },
  CsvEmpty: { status: 400, message: 'O arquivo está vazio.' },
  CsvFileRequired: { status: 400, message: 'Envie o arquivo CSV no campo "file" (multipart).' },
  CsvHeaderTooLong: { status: 400, message: 'Cabeçalho do arquivo muito longo (mais de {{maxKibibytes}} KiB sem quebra de linha). Envie um CSV com o cabeçalho cpf,name,birthDate,cardId,title,isHolder na primeira linha.' },
  CsvMalformed: { status: 400, message: 'CSV malformado perto da linha {{line}}: {{reason}}' },
  CsvMissingColumns: { status: 400, message: 'Cabeçalho sem as colunas obrigatórias: {{columns}} (esperado: cpf;nome;nascimento;carteirinha;titulo;titular[;email][;bloqueado], como no modelo, ou os nomes em inglês cpf,name,birthDate,cardId,title,isHolder).' },
  CsvMixedEncoding: { status: 400, message: 'O arquivo mistura codificações de texto (UTF-8 inválido perto da linha {{line}}). Salve-o de novo como "CSV UTF-8" e envie outra vez.' },
  CsvTooLarge: { status: 413, message: 'O arquivo CSV deve ter no máximo {{maxMegabytes}} MB.' },
  DatabaseUnavailable: { status: 503, message: 'Banco de dados indisponível.' },
  EmbeddedDatabaseExists: { status: 409, message: 'Já existe um banco em {{directory}}. Use --force para substituí-lo (o atual é guardado ao lado).' },
  EmbeddedDatabaseMissing: { status: 404, message: 'Não há banco embutido em {{directory}}.' },
  ExceptionReasonRequired: { status: 400, message: 'Informe o motivo da exceção.' },
  FileNotFound: { status: 404, message: 'Arquivo não encontrado.' },
  /** A guest's CPF fails its check digits (docs/domain.md, "Guest lists"). */
  GuestCpfInvalid: { status: 400, message: 'O CPF do convidado {{name}} é inválido.' },
  /** The same CPF twice on one booking's list. */
  GuestCpfRepeated: { status: 409, message: 'O CPF de {{name}} aparece mais de uma vez na lista de convidados.' },
  /** The place asks each guest's CPF and one was left blank. */
  GuestCpfRequired: { status: 400, message: 'Este espaço exige o CPF de cada convidado: informe o CPF de {{name}}.' },
  GuestLimitExceeded: { status: 409, message: 'Este espaço aceita no máximo {{limit}} convidados por reserva.' },
  /** Changes stop the place's guestListClosesHours before the start. */
  GuestListClosed: { status: 409, message: 'A lista de convidados desta reserva não pode mais ser alterada: o prazo terminou em {{deadline}}.' },
  /** A guest id that is not on this booking's list (or of another club). */
  GuestNotFound: { status: 404, message: 'Convidado não encontrado nesta reserva.' },
  GuestsNotAccepted: { status: 409, message: 'Este espaço não aceita convidados.' },
  ImageMultipartRequired: { status: 415, message: 'Envie a imagem como multipart/form-data.' },
  ImageTooLarge: { status: 413, message: 'A imagem deve ter no máximo {{maxMegabytes}} MB.' },
  /** A small file that would decode to a huge bitmap (a decompression bomb, or a huge photo). */
  ImageTooManyPixels: { status: 413, message: 'A imagem tem dimensões grandes demais. Envie uma imagem de até {{maxMegapixels}} megapixels.' },
  ImageUnreadable: { status: 415, message: 'Não foi possível ler a imagem: o arquivo está corrompido ou não é uma imagem válida.' },
  /** An import whose process stopped while it was staging: nothing of it was written. */
  ImportAbandoned: { status: 503, message: 'A importação foi interrompida antes de gravar qualquer linha. Envie o arquivo de novo.' },
  /** One associates import at a time per API process (each holds the database for long). */
  ImportInProgress: { status: 409, message: 'Já há uma importação de associados em andamento. Aguarde ela terminar e tente novamente.' },
  InternalServerError: { status: 500, message: 'Estamos com problemas técnicos. Nosso time já está resolvendo.' },
  InvalidAppointmentDuration: { status: 422, message: 'A duração do agendamento não corresponde à do espaço.' },
  InvalidCpf: { status: 400, message: 'CPF inválido.' },
  /** Unknown cpf and wrong password answer alike, so nobody can probe which cpfs exist. */
  InvalidCredentials: { status: 401, code: 'Invalid user or password', message: 'Credenciais inválidas! Tente novamente.' },
  InvalidOldPassword: { status: 422, message: 'A senha atual está incorreta.' },
  InvalidTimezone: { status: 400, message: 'Fuso horário IANA desconhecido (ex.: America/Sao_Paulo).' },
  /** At most one invitation per member and club-local day. */
  InvitationAlreadySentToday: { status: 409, message: 'O convite já foi enviado hoje a este associado. Só é possível enviar outro amanhã.' },
  /** Removing or demoting the club's only administrator. */
  LastAdministrator: { status: 409, message: 'O clube precisa de ao menos um administrador. Defina outro administrador antes.' },
  MalformedForm: { status: 400, message: 'O formulário enviado está incompleto ou malformado.' },
  /** Fastify's own refusals of a request it cannot read (bad JSON, bad headers). */
  MalformedRequest: { status: 400, message: 'A requisição está malformada e não pôde ser lida.' },
  MaxCancelBookingTimeMissed: { status: 422, message: 'O prazo para cancelar este agendamento já passou.' },
  /** A member's token whose membership was deleted since it was issued. */
  MembershipEnded: { status: 401, message: 'Sessão encerrada. Entre novamente.' },
  /** Readiness: the database lacks a migration this process was built with. */
  MigrationsPending: { status: 503, message: 'O banco de dados ainda não tem as migrações desta versão do servidor.' },
  /** A staff token of somebody no longer staff of any club. */
  NoBackofficeAccess: { status: 401, message: 'Usuário sem acesso ao backoffice.' },
  NoShowTooEarly: { status: 422, message: 'Ainda não é possível marcar falta: aguarde a tolerância após o início.' },
  NotFound: { status: 404, message: 'Registro não encontrado.' },
  /** A member who is not the title's holder books only for themself. */
  OnlyHolderBooksForOthers: { status: 403, message: 'Somente o titular pode fazer reservas para outros membros do título.' },
  OpenTimeAfterCloseTime: { status: 400, message: 'O horário de abertura deve ser anterior ao horário de fechamento!' },
  OperatingHourExists: { status: 409, message: 'Já existe um horário de funcionamento para este dia. Atualize-o em vez de criar outro.' },
  OperatingHourNotFound: { status: 404, message: 'Horário de funcionamento não encontrado para este dia.' },
  /** The signed-in member's own membership is blocked (whoever the booking is for). */
  OwnMembershipBlocked: { status: 422, message: 'O seu cadastro está bloqueado para reservas.' },
  /** A one-time password is in use: nothing but the password change until it is replaced. */
  PasswordChangeRequired: { status: 403, message: 'Troque a sua senha provisória antes de continuar.' },
  PasswordTooShort: { status: 400, message: 'A senha deve ter pelo menos {{minLength}} caracteres.' },
  PayloadTooLarge: { status: 413, message: 'Arquivo maior que o limite permitido.' },
  /** The caller's role in the club does not have the route's permission (docs/domain.md, Roles). */
  PermissionDenied: { status: 403, message: 'O seu papel neste clube não permite esta ação.' },
  PlaceHasFutureAppointments: { status: 409, message: 'O espaço tem agendamentos futuros. Cancele-os antes de excluir.' },
  PlaceImageNotFound: { status: 404, message: 'Imagem não encontrada.' },
  PlaceNameTaken: { status: 409, message: 'Já existe um espaço com esse nome neste clube.' },
  PlaceNotFound: { status: 404, message: 'Espaço não encontrado.' },
  /** A place's parts: one of them is archived (docs/domain.md, "Linked places"). */
  PlacePartArchived: { status: 400, message: 'Um espaço arquivado não pode formar outro espaço.' },
  /** A place's parts: the place itself. */
  PlacePartIsItself: { status: 400, message: 'Um espaço não pode ser formado por ele mesmo.' },
  /** A place's parts: one of them is not a place of the same club (another club's, or none). */
  PlacePartOfAnotherClub: { status: 400, message: 'Um espaço só pode ser formado por espaços do mesmo clube.' },
  /** A place's parts: the whole and a part are booked at the same time, still to come. */
  PlacePartsBookingsOverlap: { status: 409, message: 'Este espaço e uma das suas partes têm reservas no mesmo horário. Cancele ou mova uma delas antes de ligar os espaços.' },
  /** A place's parts: one of them is made of this place (a cycle). */
  PlacePartsCycle: { status: 400, message: 'Um espaço não pode ser formado por um espaço do qual ele faz parte.' },
  /** A place's parts: one level only, a part is never made of parts, nor a whole a part. */
  PlacePartsNested: { status: 400, message: 'Um espaço que faz parte de outro não pode ser formado por espaços, e um espaço formado por outros não pode ser parte de um terceiro.' },
  PlaceStartsAfterEnds: { status: 400, message: 'O horário de início deve ser anterior ao de término.' },
  /** A push subscription whose endpoint is not a push service's https address. */
  PushEndpointInvalid: { status: 400, message: 'O navegador deu um endereço de notificações que não é de um serviço de notificações conhecido. Tente em outro navegador.' },
  /** A subscription whose device key is no P-256 public key: nothing could be encrypted for it. */
  PushSubscriptionInvalid: { status: 400, message: 'O navegador deu uma chave de notificações inválida. Desative as notificações do site no navegador e ative de novo.' },
  /** The server has no VAPID keys (PostgreSQL without VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY). */
  PushUnavailable: { status: 503, message: 'As notificações no aparelho não estão ativadas neste servidor. Fale com o clube.' },
  /** A foreign key refused the write: the row is in use, or names one that does not exist. */
  RecordReferenced: { status: 409, message: 'O registro está em uso ou referencia outro inexistente.' },
  /** Expired, unknown, revoked or reused refresh token. */
  RefreshTokenExpired: { status: 401, code: 'Refresh token expirado', message: 'Sua sessão expirou. Entre novamente.' },
  /** A report or an export filtered by a category that is not of the club. */
  ReportCategoryOfAnotherClub: { status: 400, message: 'A categoria escolhida não é deste clube.' },
  /** A report or an export filtered by a place that is not of the club. */
  ReportPlaceOfAnotherClub: { status: 400, message: 'O espaço escolhido não é deste clube.' },
  /** A custom period needs both its first and its last day. */
  ReportRangeIncomplete: { status: 400, message: 'Informe a data inicial e a data final do período.' },
  ReportRangeReversed: { status: 400, message: 'A data final do período deve ser igual ou posterior à inicial.' },
  ReportRangeTooLong: { status: 400, message: 'O período pode ter no máximo {{maxDays}} dias (dois anos).' },
  /** Never answered by the API: the web client's text for a failure without a usable body. */
  /** A body larger than its route reads (the routes anyone may call take a few KiB). */
  RequestBodyTooLarge: { status: 413, message: 'A requisição é maior do que o permitido.' },
  RequestFailed: { status: 0, message: requestFailedText },
  ReservationsLimitReached: { status: 422, message: 'O título já usou todas as reservas deste mês neste espaço.' },
  RouteNotFound: { status: 404, message: 'Rota {{method}} {{path}} não encontrada.' },
  /** A series' chosen dates changed since its preview (a booking or a block landed): nothing is saved, the answer holds the new preview. */
  SeriesDatesChanged: { status: 409, message: 'Algumas datas da série deixaram de estar livres desde a prévia. Confira a nova prévia e salve de novo.' },
  /** The dates chosen to book are none, or not dates of the series' rule. */
  SeriesDatesInvalid: { status: 400, message: 'Escolha ao menos uma data livre da série para reservar.' },
  SeriesEndsBeforeStart: { status: 400, message: 'A série deve terminar na data de início ou depois dela.' },
  SeriesNotFound: { status: 404, message: 'Série não encontrada.' },
  /** The start time and length are not one of the place's own slots. */
  SeriesSlotNotOfPlace: { status: 400, message: 'O espaço não tem um horário com este início e esta duração.' },
  SeriesTooLong: { status: 400, message: 'Uma série pode durar no máximo um ano.' },
  /** Creating a club is for the server's administrators, whatever the role in any club. */
  ServerAdministratorRequired: { status: 403, message: 'Somente um administrador do servidor pode criar clubes.' },
  ServerBusy: { status: 503, message: 'O servidor está ocupado. Tente novamente em alguns segundos.' },
  ServiceUnavailable: { status: 503, message: 'Serviço indisponível no momento. Tente novamente em instantes.' },
  /** A booking on a date a special day closes, or outside the hours it sets (the engine's rule). */
  SpecialDayClosed: { status: 422, message: 'Neste dia o espaço não abre neste horário: {{name}}.' },
  SpecialDayConflictsWithAppointments: { status: 409, message: 'O dia especial coincide com agendamentos marcados: escolha manter, cancelar ou mover cada um.' },
  /** One special day per date and scope (the club, a category, a place). */
  SpecialDayExists: { status: 409, message: 'Já existe um dia especial nesta data para o mesmo alcance. Edite-o em vez de criar outro.' },
  /** Open hours of a special day must fit the day: opening before closing, both within 00:00–23:59. */
  SpecialDayHoursInvalid: { status: 400, message: 'O horário do dia especial deve caber no dia: abertura antes do fechamento, entre 00:00 e 23:59.' },
  SpecialDayNotFound: { status: 404, message: 'Dia especial não encontrado.' },
  /** A special day covers the whole club, one category or one place: never a category and a place. */
  SpecialDayScopeInvalid: { status: 400, message: 'Escolha o clube inteiro, uma categoria ou um espaço, não mais de um.' },
  StaffAlreadyMember: { status: 409, message: 'Esta pessoa já faz parte da equipe do clube.' },
  /** The invitation given with a sign-in is unknown, used, expired, cancelled or of someone else. */
  StaffInvitationInvalid: { status: 410, message: 'Este convite não vale mais: já foi aceito, venceu ou foi cancelado pelo clube. Peça um novo ao clube.' },
  /** Accepting a club's invitation by its link or one-time password alone would replace the password of an account that already opens another club. */
  StaffInvitationNeedsPassword: { status: 409, message: 'Você já tem acesso à área da equipe de outro clube: para aceitar este convite, entre com o seu CPF e a sua senha atual e informe o convite.' },
  StaffMemberNotFound: { status: 404, message: 'Pessoa não encontrada na equipe do clube.' },
  StaffNameRequired: { status: 400, message: 'O nome é obrigatório.' },
  /** The CLI adding someone to a club that already has staff names no role. */
  StaffRoleRequired: { status: 400, message: 'Informe o papel (--role administrador, recepcao ou consulta): o clube já tem equipe.' },
  SuspensionNotFound: { status: 404, message: 'Suspensão não encontrada.' },
  TimeAlreadyTaken: { status: 409, message: 'Este horário já foi reservado.' },
  TimeNotAvailable: { status: 422, message: 'Este horário não está disponível: já passou, está fora do funcionamento do espaço ou foi bloqueado pelo clube.' },
  TitleBlocked: { status: 422, message: 'O título está bloqueado para reservas.' },
  TitleNotFound: { status: 404, message: 'Título não encontrado.' },
  /** The club's no-show policy suspended the title, until a club-local date (DD/MM/AAAA). */
  TitleSuspended: { status: 422, message: 'O título está suspenso por faltas até {{endDate}}.' },
  TooManyImages: { status: 413, message: 'Envie uma única imagem no formulário.' },
  TooManyRequests: { status: 429, message: 'Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.' },
  Unauthorized: { status: 401, message: 'Sessão inválida ou expirada. Entre novamente.' },
  UnsupportedImageType: { status: 415, message: 'Tipo de arquivo não suportado. Envie uma imagem PNG, JPEG, GIF ou WebP.' },
  UnsupportedMediaType: { status: 415, message: 'Tipo de arquivo não suportado.' },
  UserNotFound: { status: 404, message: 'Nenhum usuário com este CPF.' },
  /** The request's fields failed their schema; `details` lists each field and its problem. */
  ValidationError: { status: 400, message: 'Dados inválidos. Verifique os campos.' },
  /** Booking rule 7 (docs/domain.md): same day, or same time the day before, in the category. */
  WaitingPeriodRequired: { status: 422, message: 'O título já tem uma reserva nesta categoria que impede esta (no mesmo dia ou no mesmo horário do dia anterior): {{place}}, {{date}} às {{time}}.' },
  /** Joining a waitlist twice (docs/domain.md, "Waitlists"). */
  WaitlistAlreadyJoined: { status: 409, message: 'Você já está na lista de espera deste horário.' },
  /** The place's category has waitlists off. */
  WaitlistDisabled: { status: 409, message: 'Este espaço não tem lista de espera.' },
  /** A waitlist entry of another member, title or club, or one that does not exist. */
  WaitlistEntryNotFound: { status: 404, message: 'Lugar na lista de espera não encontrado.' },
  /** The title is on the club's most waitlists at once. */
  WaitlistLimitReached: { status: 409, message: 'O título já está em {{limit}} listas de espera, o máximo do clube. Saia de uma para entrar nesta.' },
  /** The offer's minutes are over: it went to the next in line. */
  WaitlistOfferExpired: { status: 409, message: 'O prazo desta oferta terminou e o horário foi oferecido ao próximo da fila.' },
  /** Accepting or refusing while no offer of the slot is the member's. */
  WaitlistOfferNotActive: { status: 409, message: 'Não há oferta deste horário para você agora: aguarde a sua vez na fila.' },
  WaitlistSlotBlocked: { status: 409, message: 'Este horário foi bloqueado pelo clube: não há lista de espera para ele.' },
  WaitlistSlotFree: { status: 409, message: 'Este horário está livre: reserve-o em vez de entrar na lista de espera.' },
  WaitlistSlotPast: { status: 409, message: 'Este horário já passou: não há mais lista de espera para ele.' },
} as const satisfies Record<string, { status: number; message: string; code?: string }>;

export type ErrorKey = keyof typeof errorDefinitions;

/** Keys only the web client uses: the API can never answer them. */
export type ClientErrorKey = 'RequestFailed';

/** Every failure the API can answer. */
export type ApiErrorKey = Exclude<ErrorKey, ClientErrorKey>;

/** The `{{name}}` placeholders of a text, as a union of names. */
type PlaceholdersOf<Text extends string> = Text extends `${string}{{${infer Name}}}${infer Rest}`
  ? Name | PlaceholdersOf<Rest>
  : never;

export type ErrorParamName<Key extends ErrorKey> = PlaceholdersOf<
  (typeof errorDefinitions)[Key]['message']
>;

/** The values a key's text needs, by name: exactly its placeholders. */
export type ErrorParams<Key extends ErrorKey> = { [Name in ErrorParamName<Key>]: string | number };

/** Keys whose text needs no value. */
export type ErrorKeyWithoutParams = {
  [Key in ErrorKey]: [ErrorParamName<Key>] extends [never] ? Key : never;
}[ErrorKey];

/** The text of a key with its placeholders filled (a missing value leaves the placeholder). */
export function errorMessageOf(key: ErrorKey, params?: Record<string, unknown>): string {
  return interpolateErrorText(errorDefinitions[key].message, params);
}

/** `{{name}}` replaced by `params.name`, the way i18next interpolates the same text on the web. */
export function interpolateErrorText(text: string, params?: Record<string, unknown>): string {
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => {
    const value = params[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : placeholder;
  });
}

/** The texts by key, as the web's i18n `errors` section (same keys, same `{{name}}` syntax). */
export const errorTexts = Object.fromEntries(
  Object.entries(errorDefinitions).map(([key, definition]) => [key, definition.message]),
) as { readonly [Key in ErrorKey]: (typeof errorDefinitions)[Key]['message'] };

/** The `error` string a client sees for a key. */
export function errorCodeOf(key: ErrorKey): string {
  const definition = errorDefinitions[key];
  return 'code' in definition ? definition.code : key;
}

const keyByCode = new Map<string, ErrorKey>(
  (Object.keys(errorDefinitions) as ErrorKey[]).map((key) => [errorCodeOf(key), key]),
);

/** The key of an `error` string from the wire, or null when it is none of ours. */
export function errorKeyOfCode(code: string): ErrorKey | null {
  return keyByCode.get(code) ?? null;
}

/** The body of every error response. */
export type ErrorBody = {
  statusCode: number;
  error: string;
  message: string;
  /** The values the code's text interpolates, when it has any. */
  params?: Record<string, string | number>;
  details?: Array<{ path: string; message: string }> | Record<string, unknown>;
};
