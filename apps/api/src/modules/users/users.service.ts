/**
 * What the users module offers the others. It is the only writer of `usuarios`: registration,
 * "Mi cuenta" and password changes all go through here.
 */
export {
  endSessions,
  findUserRowByCorreo,
  findUserRowById,
  hasAdmin,
  insertUser,
  setPasswordHash,
  toUsuario,
  updateProfile,
} from './users.repository';
