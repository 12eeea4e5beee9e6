import { errors as joseErrors, jwtVerify, SignJWT } from "jose";

/**
 * Access tokens: HS256 JWTs naming the user (`sub`) and the login session (`sid`). The session
 * id lets a revoked session invalidate its access tokens before they expire.
 */
const ISSUER = "yardline";
const TYPE = "access";

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  /** The claims of a valid token, or null for an expired, forged or malformed one. */
  verify(token: string): Promise<AccessClaims | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createAccessTokens(secret: Uint8Array, ttlSeconds: number): AccessTokens {
  return {
    sign: ({ userId, sessionId }) =>
      new SignJWT({ sid: sessionId, typ: TYPE })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(secret),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ["HS256"],
          issuer: ISSUER,
          requiredClaims: ["exp", "sub", "sid"],
        });
        const userId = Number(payload.sub);
        const sessionId = payload.sid;
        if (payload.typ !== TYPE || !Number.isSafeInteger(userId) || userId <= 0) return null;
        if (typeof sessionId !== "string" || !UUID.test(sessionId)) return null;
        return { userId, sessionId };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
