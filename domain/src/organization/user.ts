import { accept, reject, type Decider } from '../core/decider';
import { languages, type Language, type Role, type UserEvent } from '@ghg/events';

export const userStreamId = (userId: string) => `user-${userId}`;

export const userEmailStreamId = (email: string) => `userEmail-${normaliseEmail(email)}`;

export interface UserState {
  exists: boolean;
  tenantId: string | null;
  email: string;
  name: string;
  passwordHash: string | null;
  sectionId: string | null;
  language: Language;
  selectedCompanyId: string | null;
  companyIds: readonly string[];
  role: Role | null;
}

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      tenantId: string;
      email: string;
      name: string;
      passwordHash: string;
      language: Language;
      role: Role;
      companyIds: string[];
      sectionId: string | null;
    }
  | { type: 'ChangeUserPreferences'; userId: string; language?: string; selectedCompanyId?: string };

export type UserError =
  | 'user_exists'
  | 'user_not_found'
  | 'invalid_email'
  | 'invalid_language'
  | 'company_not_allowed'
  | 'no_company';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export const userDecider: Decider<UserCommand, UserEvent, UserState, UserError> = {
  initialState: () => ({ exists: false, tenantId: null, email: '', name: '', passwordHash: null, sectionId: null, language: 'ja', selectedCompanyId: null, companyIds: [], role: null }),
  evolve: (state, event) => {
    if (event.type === 'UserRegistered') {
      const d = event.data;
      return { exists: true, tenantId: d.tenantId, email: d.email, name: d.name, passwordHash: d.passwordHash, sectionId: d.sectionId, language: d.language, selectedCompanyId: d.selectedCompanyId, companyIds: d.companyIds, role: d.role };
    }
    return {
      ...state,
      language: event.data.language ?? state.language,
      selectedCompanyId: event.data.selectedCompanyId ?? state.selectedCompanyId,
    };
  },
  decide: (command, state) => {
    if (command.type === 'RegisterUser') {
      if (state.exists) return reject('user_exists');
      if (!EMAIL.test(normaliseEmail(command.email))) return reject('invalid_email');
      const [first] = command.companyIds;
      if (first === undefined) return reject('no_company');
      const { type: _command, ...data } = command;
      return accept({
        type: 'UserRegistered',
        data: { ...data, email: normaliseEmail(command.email), selectedCompanyId: first },
      });
    }
    if (!state.exists) return reject('user_not_found');
    const { language, selectedCompanyId } = command;
    if (language !== undefined && !(languages as readonly string[]).includes(language)) return reject('invalid_language');
    if (selectedCompanyId !== undefined && !state.companyIds.includes(selectedCompanyId)) {
      return reject('company_not_allowed');
    }
    const changes = {
      ...(language !== undefined && language !== state.language ? { language: language as Language } : {}),
      ...(selectedCompanyId !== undefined && selectedCompanyId !== state.selectedCompanyId ? { selectedCompanyId } : {}),
    };
    if (Object.keys(changes).length === 0) return accept();
    return accept({ type: 'UserPreferencesChanged', data: { userId: command.userId, ...changes } });
  },
};
