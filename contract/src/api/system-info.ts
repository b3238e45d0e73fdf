/** GET /api/status/update (root): the running version against the latest published release. */
export interface UpdateCheck {
  current_version: string;
  latest_version: string;
  /** Markdown release notes of the latest release. */
  release_notes: string;
  release_url: string;
  update_available: boolean;
}

/** GET /api/option/oidc_discovery?url= (root): the endpoints of an OIDC discovery document. */
export interface OidcEndpoints {
  authorization_endpoint: string;
  token_endpoint: string;
  /** Empty when the provider publishes none. */
  userinfo_endpoint: string;
}
