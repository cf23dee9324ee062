/**
 * triton-iac: declare Triton CloudAPI and Manta objects as TypeScript constructs.
 *
 * This entry re-exports the construct library; the client lives at `triton-iac/provider` and the
 * emulator at `triton-iac/emulator`.
 */
export {};
