import { randomBytes } from 'node:crypto';

/** 128 random bits as hex: a stored file's name nobody can choose or guess. */
export const randomFileStem = (): string => randomBytes(16).toString('hex');
