import { createReadStream, existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  DataDirLockedError,
  lockDataDir,
  makePrivateRecursively,
  openDatabase,
  restrictNewFileModes,
  type Database,
} from '@clube/db';
import { ConfigError, loadConfig, type Config } from './config';
import { staffRoleLabels, staffRoles, type StaffRole } from '@clube/shared';
import { AppError } from './lib/app-error';
import { seedDemo } from './seed/demo';
import { importAssociates } from './services/associates/import-associates';
import { createCompany } from './services/companies/create-company';
import {
  backupEmbeddedDatabase,
  backupFromRunningServer,
  restoreEmbeddedDatabase,
} from './services/maintenance/backup-database';
import { createStaff, resetStaffPassword } from './services/staff/create-staff';
import { setServerAdmin } from './services/staff/set-server-admin';

type CommandContext = {
  db: Database;
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
  uploadsDir: string;
};
/** `exitCode` lets a command that completed report a failure (e.g. an import with bad rows). */
type CommandResult = { record: unknown; summary: string; exitCode?: number };
type Command = {
  usage: string;
  options: Record<string, { type: 'string' | 'boolean' }>;
  /**
   * Tried before DATA_DIR is locked: done through the server running on it (null when none
   * answers; the command then runs as usual, with the lock).
   */
  throughRunningServer?: (config: Config, positionals: string[]) => Promise<CommandResult | null>;
} & (
  | { run: (context: CommandContext) => Promise<CommandResult> }
  /** Commands that work on the embedded database's files rather than through a connection. */
  | {
      runOnDataDir: (
        config: Config,
        values: CommandContext['values'],
        positionals: string[],
      ) => Promise<CommandResult>;
    }
);

class UsageError extends Error {}

function required(values: CommandContext['values'], name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`falta --${name}`);
  return value;
}

function embeddedOnly(config: Config): string {
  if (config.database.driver !== 'pglite') {
    throw new UsageError('com DATABASE_URL, use pg_dump / pg_restore do PostgreSQL');
  }
  return config.database.dataDir;
}

function fileArgument(positionals: string[]): string {
  const [file] = positionals;
  if (!file) throw new UsageError('falta o ARQUIVO');
  return file;
}

const commands: Record<string, Command> = {
  backup: {
    usage: 'backup ARQUIVO [--json]   (banco embutido; com o servidor rodando ou parado)',
    options: {},
    throughRunningServer: async (config, positionals) => {
      embeddedOnly(config);
      // The server's channel is in DATA_DIR, beside the database's folder.
      const result = await backupFromRunningServer(config.dataDir, fileArgument(positionals));
      return (
        result && {
          record: result,
          summary: `Backup gravado em ${result.file} (${result.bytes} bytes), com o servidor rodando`,
        }
      );
    },
    runOnDataDir: async (config, _values, positionals) => {
      const result = await backupEmbeddedDatabase(embeddedOnly(config), fileArgument(positionals));
      return {
        record: result,
        summary: `Backup gravado em ${result.file} (${result.bytes} bytes)`,
      };
    },
  },
  restore: {
    usage: 'restore ARQUIVO [--force] [--json]   (banco embutido; com o servidor parado)',
    options: { force: { type: 'boolean' } },
    runOnDataDir: async (config, values, positionals) => {
      const result = await restoreEmbeddedDatabase(
        embeddedOnly(config),
        fileArgument(positionals),
        {
          force: values.force === true,
          migrationsDir: config.migrationsDir,
        },
      );
      return {
        record: result,
        summary: `Banco restaurado de ${result.file}${result.previousKeptAt ? `; o anterior ficou em ${result.previousKeptAt}` : ''}`,
      };
    },
  },
  'create-club': {
    usage: 'create-club --name NOME [--timezone America/Sao_Paulo] [--json]',
    options: { name: { type: 'string' }, timezone: { type: 'string' } },
    run: async ({ db, values }) => {
      const club = await createCompany(db, {
        name: required(values, 'name'),
        timezone: values.timezone as string | undefined,
      });
      return { record: club, summary: `Clube criado: ${club.name} (id ${club.id})` };
    },
  },
  'create-staff': {
    usage:
      'create-staff --cpf CPF --name NOME --password SENHA --club ID_DO_CLUBE ' +
      '[--role administrador|recepcao|consulta] [--json]',
    options: {
      cpf: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      club: { type: 'string' },
      role: { type: 'string' },
    },
    run: async ({ db, values }) => {
      const club = required(values, 'club');
      if (!/^[0-9a-f-]{36}$/i.test(club))
        throw new UsageError('--club deve ser o id (uuid) do clube');
      const role = values.role;
      if (role !== undefined && !staffRoles.includes(role as StaffRole)) {
        throw new UsageError(`--role deve ser ${staffRoles.join(', ')}`);
      }
      const staff = await createStaff(db, {
        cpf: required(values, 'cpf'),
        name: required(values, 'name'),
        password: required(values, 'password'),
        companyId: club,
        role: role as StaffRole | undefined,
      });
      return {
        record: staff,
        summary: `Staff ${staff.name} tem acesso ao clube ${club} como ${staffRoleLabels[staff.role]}`,
      };
    },
  },
  'reset-staff-password': {
    usage: 'reset-staff-password --cpf CPF --password SENHA [--json]',
    options: { cpf: { type: 'string' }, password: { type: 'string' } },
    run: async ({ db, values }) => {
      const user = await resetStaffPassword(db, {
        cpf: required(values, 'cpf'),
        password: required(values, 'password'),
      });
      return {
        record: user,
        summary: `Senha de ${user.name} redefinida; sessões abertas encerradas.`,
      };
    },
  },
  'set-server-admin': {
    usage: 'set-server-admin --cpf CPF [--off] [--json]   (pode criar clubes pelo app)',
    options: { cpf: { type: 'string' }, off: { type: 'boolean' } },
    run: async ({ db, values }) => {
      const user = await setServerAdmin(db, {
        cpf: required(values, 'cpf'),
        isServerAdmin: values.off !== true,
      });
      return {
        record: user,
        summary: user.isServerAdmin
          ? `${user.name} é administrador do servidor: pode criar clubes pelo app.`
          : `${user.name} deixou de ser administrador do servidor.`,
      };
    },
  },
  'import-associates': {
    usage: 'import-associates --club ID_DO_CLUBE ARQUIVO.csv [--skip-invalid] [--dry-run] [--json]',
    options: {
      club: { type: 'string' },
      'skip-invalid': { type: 'boolean' },
      'dry-run': { type: 'boolean' },
    },
    run: async ({ db, values, positionals }) => {
      const club = required(values, 'club');
      if (!/^[0-9a-f-]{36}$/i.test(club))
        throw new UsageError('--club deve ser o id (uuid) do clube');
      const file = positionals[0];
      if (!file) throw new UsageError('informe o arquivo CSV');
      if (!existsSync(file)) throw new UsageError(`arquivo não encontrado: ${file}`);
      const showProgress = process.stderr.isTTY;
      const report = await importAssociates(db, {
        companyId: club,
        source: createReadStream(file),
        skipInvalid: Boolean(values['skip-invalid']),
        dryRun: Boolean(values['dry-run']),
        actorUserId: null,
        onProgress: showProgress
          ? (rows) => process.stderr.write(`\rImportando… ${rows} linhas lidas`)
          : undefined,
      });
      if (showProgress) process.stderr.write('\n');
      const errors = report.errors.map((error) => `  linha ${error.line}: ${error.reason}`);
      const outcome = report.applied
        ? 'Importação concluída.'
        : report.dryRun
          ? 'Simulação: nada foi gravado.'
          : 'Nada foi gravado: corrija as linhas rejeitadas ou use --skip-invalid.';
      return {
        record: report,
        summary: [
          ...(errors.length > 0 ? ['Linhas rejeitadas:', ...errors] : []),
          ...(report.errorsTruncated ? ['  …'] : []),
          outcome,
          `Criados: ${report.created}, atualizados: ${report.updated}, sem alteração: ${report.unchanged}, rejeitados: ${report.rejected} (de ${report.total} linhas; títulos novos: ${report.titlesCreated}).`,
        ].join('\n'),
        exitCode: report.applied || report.dryRun ? 0 : 1,
      };
    },
  },
  'seed-demo': {
    usage: 'seed-demo [--json]',
    options: {},
    run: async ({ db, uploadsDir }) => {
      const result = await seedDemo(db, { uploadsDir });
      return {
        record: { club: result.club, otherClub: result.otherClub },
        summary: `Clube de demonstração criado: ${result.club.name} (id ${result.club.id})`,
      };
    },
  },
};

function help(): string {
  return [
    'Uso: npm run cli -- <comando> [opções]',
    '',
    ...Object.values(commands).map((command) => `  ${command.usage}`),
    '',
    'Honra a mesma configuração do servidor (DATA_DIR, DATABASE_URL).',
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(
      `${name && name !== '--help' ? `Comando desconhecido: ${name}\n\n` : ''}${help()}\n`,
    );
    return name === '--help' ? 0 : 2;
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...command.options, json: { type: 'boolean' } },
      allowPositionals: true,
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\nUso: npm run cli -- ${command.usage}\n`);
    return 2;
  }

  const config = loadConfig();
  const values = parsed.values as CommandContext['values'];
  // Backups, restored databases and imported photos are as private as the server's own files.
  restrictNewFileModes();
  let release = () => {};
  try {
    const throughServer = await command.throughRunningServer?.(config, parsed.positionals);
    if (!throughServer && config.database.driver === 'pglite')
      release = lockDataDir(config.dataDir);
    makePrivateRecursively(config.dataDir);
    const { record, summary, exitCode } =
      throughServer ?? (await runCommand(command, config, values, parsed.positionals));
    process.stdout.write(values.json ? `${JSON.stringify(record, null, 2)}\n` : `${summary}\n`);
    return exitCode ?? 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`Erro: ${error.message}\nUso: npm run cli -- ${command.usage}\n`);
      return 2;
    }
    throw error;
  } finally {
    release();
  }
}

async function runCommand(
  command: Command,
  config: Config,
  values: CommandContext['values'],
  positionals: string[],
): Promise<CommandResult> {
  if ('runOnDataDir' in command) return command.runOnDataDir(config, values, positionals);
  const database = await openDatabase(
    config.database.driver === 'postgres' ? { ...config.database, poolSize: 2 } : config.database,
  );
  try {
    await database.migrate(config.migrationsDir);
    return await command.run({
      db: database.db,
      values,
      positionals,
      uploadsDir: config.uploadsDir,
    });
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
    } else if (error instanceof AppError) {
      process.stderr.write(`Erro: ${error.message}\n`);
    } else {
      process.stderr.write(`Falha: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exit(1);
  },
);
