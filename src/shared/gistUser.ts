// The user an API key belongs to (`data` of `GET /v1/me`, spec §2): the client reads it, the
// account keeps it, the status bar, the Accounts menu and the diagnosis show it. Pure type.

export interface GistUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly company_id: string;
}

