export * from './constants';
export * from './cpf';
export * from './errors';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/company';
export * from './schemas/associate';
export * from './time';
