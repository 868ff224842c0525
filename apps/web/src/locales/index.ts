import type { Language } from '@brewfleet/contracts/enums';
import { en, type Messages } from './en';
import { tw } from './tw';
import { zh } from './zh';

export const LOCALES: Record<Language, Messages> = { en, zh, tw };
export type { Messages };
