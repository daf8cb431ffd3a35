export { authStatus, changePassword, login, logout, register } from './auth.js';
export { sendEmailVerification, verifyEmail } from './email-verification.js';
export { googleConfig, googleSignIn } from './google-sign-in.js';
export { changeLanguage, deleteMyAccount, getProfile, updateProfile, updateRetentionSettings } from './profile.js';
export { createUser, deleteUserByAdmin, listUsers, searchUsers, updateUserByAdmin } from './user-admin.js';
export { cleanEmail } from './validation.js';
